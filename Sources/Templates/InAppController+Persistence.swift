import Engine
import JSON

extension InAppController {
    /// Encodes persisted JSON (compact, key order kept) with the JSON module's printer.
    ///
    /// - Throws: `JSONError.encode` for a value JSON cannot hold (a NaN from a Lua table).
    static func encodeJSON(_ value: JSONValue) throws(JSONError) -> [UInt8] {
        Array(try value.encoded().utf8)
    }

    /// Decodes persisted JSON with the JSON module's parser (duplicate keys refused).
    static func decodeJSON(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try JSONDocument(bytes: bytes).value
    }

    /// The persisted state: `{"version": 1, "displayed": entry|null, "pending": [entry], "queue": [entry]}`.
    public var persistedState: JSONValue {
        .object([
            "version": 1,
            "displayed": displayed?.persisted ?? .null,
            "pending": .array(pending.map(\.notification.persisted)),
            "queue": .array(queue.map(\.persisted)),
        ])
    }

    /// Notes that the queue or the displayed in-app changed: one save when the run loop is idle
    /// (``CoalescedSave``: however many changes a settle makes, the file is written once, before
    /// the driving call returns; an engine's own temporary directory only on relaunch).
    func markChanged() { saver.markChanged() }

    /// Saves the queue and the displayed in-app now if they changed since the last save
    /// (atomic and durable; skipped when the bytes equal the last save's). A failure is an
    /// `error` event; the state stays marked as changed and the next change tries again.
    public func flush() { saver.flush() }

    /// Saves pending changes and stops saving: the app process this controller
    /// belonged to is gone (relaunch); a presenter of the old Lua state that
    /// dismisses later must not overwrite the new controller's file.
    public func retire() { saver.retire() }

    /// Restores the persisted queue (on relaunch, or into a new controller).
    ///
    /// The in-app that was displayed was never dismissed, so it goes back to
    /// the front of the queue and is presented again. Restored in-apps go
    /// before anything already queued. A corrupt file is moved aside
    /// (`inapp-queue.json.corrupt-N`) and reported as an `error` event.
    /// Presenting resumes at the next `clock.drain()`, so templates registered
    /// between `restore()` and the drain (scripts run again on relaunch) are found.
    /// Returns the number of in-apps restored.
    ///
    /// - Throws: ``PersistenceError/unreadable(_:)`` when the file exists but cannot be read
    ///   (permissions, a directory in its place). The controller then never saves (it is
    ///   retired): a queue that could not be read is never overwritten.
    @discardableResult
    public func restore() throws(PersistenceError) -> Int {
        guard let storage else { return 0 }
        let bytes: [UInt8]
        do {
            guard let read = try storage.read(queueFileName) else { return 0 }
            bytes = read
        } catch {
            saver.stop()
            throw .unreadable("templates: \(error); refusing to start, as the next save would overwrite "
                              + "\(queueFileName): fix its permissions or move it away")
        }
        let restored: [InAppNotification]
        do {
            restored = try Self.parseState(Self.decodeJSON(bytes))
            if queue.isEmpty, displayed == nil { saver.assumeSaved(bytes) }
        } catch {
            let aside: String
            do { aside = try storage.moveAside(queueFileName) } catch let moveError {
                reportError("templates: \(queueFileName) is corrupt (\(error)) and cannot be moved aside: \(moveError)")
                return 0
            }
            reportError("templates: \(queueFileName) is corrupt (\(error)); moved aside to \(aside)")
            return 0
        }
        let known = Set(queue.map(\.id) + [displayed?.id].compactMap { $0 })
        let fresh = restored.filter { !known.contains($0.id) }
        queue.insert(contentsOf: fresh, at: 0)
        markChanged()
        if !fresh.isEmpty { requestShowAttempt() }
        return fresh.count
    }

    /// Reads the persisted state: displayed first, then pending, then the queue.
    static func parseState(_ state: JSONValue) throws(PersistenceError) -> [InAppNotification] {
        guard case .object(let object) = state else { throw .malformed("expected an object") }
        guard object["version"]?.integerValue == 1 else { throw .malformed("unsupported version") }
        var result: [InAppNotification] = []
        if let displayed = object["displayed"], displayed != .null {
            guard let n = InAppNotification(persisted: displayed) else { throw .malformed("bad displayed entry") }
            result.append(n)
        }
        if let pending = object["pending"] {
            guard case .array(let entries) = pending else { throw .malformed("pending is not an array") }
            for (i, entry) in entries.enumerated() {
                guard let n = InAppNotification(persisted: entry) else { throw .malformed("bad pending[\(i)]") }
                result.append(n)
            }
        }
        guard case .array(let entries)? = object["queue"] else { throw .malformed("queue is not an array") }
        for (i, entry) in entries.enumerated() {
            guard let n = InAppNotification(persisted: entry) else { throw .malformed("bad queue[\(i)]") }
            result.append(n)
        }
        return result
    }

    /// Why a persisted state cannot be read.
    public enum PersistenceError: Error, CustomStringConvertible {
        /// The file's content is not a persisted state (the file is moved aside).
        case malformed(String)
        /// The file exists but cannot be read: the whole message.
        case unreadable(String)
        public var description: String {
            switch self {
            case .malformed(let reason), .unreadable(let reason): return reason
            }
        }
    }
}
