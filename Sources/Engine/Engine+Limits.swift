import JSON
import LuaRuntime

/// What bounds an engine beyond the Lua state's own limits: the memory scripts make the engine
/// keep in Swift (reliability.md). The nesting of callbacks is bounded by `nesting`, shared by
/// every state the engine makes (see `LuaNesting`).
extension Engine {
    /// Counts `bytes` of script-made data the engine keeps (UI properties, log lines, what a
    /// system keeps for a script) against the memory cap; throws `not enough memory` past it.
    public func retain(_ bytes: Int) throws {
        if let cap = lua.limits.memory, bytes > cap - retainedBytes {
            throw LuaError.memory(message: "not enough memory")
        }
        retainedBytes += bytes
    }

    /// Bytes of a recorded error kept whole once the cap is reached (the head of the message).
    static let errorKeptWhenFull = 512

    /// Records an error in the transcript (`error` with `message` and `traceback`).
    ///
    /// Script errors can be large (`error(big)` in a timer): what is recorded is charged to the
    /// memory cap like a log line; once the cap is reached only the message's head is kept, with
    /// a note, so a storm of large errors cannot grow the process.
    public func recordError(_ error: any Error, source: String? = nil) {
        var fields: JSONObject = [:]
        let text = (error as? LuaError)?.message ?? String(describing: error)
        var message = source.map { "\($0): \(text)" } ?? text
        var traceback = (error as? LuaError)?.traceback
        let size = message.utf8.count + (traceback?.utf8.count ?? 0)
        if (try? retain(size)) == nil {
            let head = String(decoding: message.utf8.prefix(Self.errorKeptWhenFull), as: UTF8.self)
            message = head + " [... \(size) bytes not kept: not enough memory]"
            traceback = nil
            retainedBytes += message.utf8.count   // bounded per error; a timer storm is bounded by the clock
        }
        fields["message"] = .string(message)
        if let traceback { fields["traceback"] = .string(traceback) }
        transcript.record("error", fields)
    }
}
