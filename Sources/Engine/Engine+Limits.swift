import JSON
import LuaRuntime

/// What bounds an engine beyond the Lua state's own limits: the memory scripts make the engine
/// keep in Swift (reliability.md). The nesting of callbacks is bounded by `nesting`, shared by
/// every state the engine makes (see `LuaNesting`).
extension Engine {
    /// Counts `bytes` of script-made data the engine keeps (UI properties, log lines, what a
    /// system keeps for a script) against the memory cap; throws `not enough memory` past it.
    public func retain(_ bytes: Int) throws {
        guard memory.charge(bytes) else { throw LuaError.memory(message: "not enough memory") }
    }

    /// Bytes of a recorded error kept whole once the cap is reached (the head of the message).
    static let errorKeptWhenFull = 512

    /// Records an error in the transcript (`error` with `message` and `traceback`).
    ///
    /// Script errors can be large (`error(big)` in a timer): the event is charged to the memory
    /// cap like every event; once it does not fit only the message's head is kept, with a note,
    /// charged within the account's overdraft (``MemoryAccount/overdraft``), so a storm of large
    /// errors cannot grow the process and the error that ended a script is still seen.
    public func recordError(_ error: any Error, source: String? = nil) {
        let text = (error as? LuaError)?.message ?? String(describing: error)
        let message = source.map { "\($0): \(text)" } ?? text
        var fields: JSONObject = ["message": .string(message)]
        if let traceback = (error as? LuaError)?.traceback { fields["traceback"] = .string(traceback) }
        let size = TranscriptEvent(t: 0, type: "error", fields: fields).estimatedSize
        if memory.fits(size) { return transcript.append("error", fields) }
        let head = String(decoding: message.utf8.prefix(Self.errorKeptWhenFull), as: UTF8.self)
        transcript.recordOverdrawn("error", ["message": .string(head + " [... \(size) bytes not kept: not enough memory]")])
    }
}
