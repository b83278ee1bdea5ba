import Engine
import JSON

extension InAppController {
    /// Encodes persisted JSON; the one place to switch to the JSON module's encoder.
    static func encodeJSON(_ value: JSONValue) -> [UInt8] {
        Array(InterimJSON.encode(value).utf8)
    }

    /// Decodes persisted JSON; the one place to switch to the JSON module's decoder.
    static func decodeJSON(_ bytes: [UInt8]) throws -> JSONValue {
        try InterimJSON.decode(String(decoding: bytes, as: UTF8.self))
    }

    /// The persisted state: `{"version": 1, "displayed": entry|null, "queue": [entry]}`.
    public var persistedState: JSONValue {
        .object([
            "version": 1,
            "displayed": displayed?.persisted ?? .null,
            "queue": .array(queue.map(\.persisted)),
        ])
    }

    /// Saves the queue and the displayed in-app atomically (an `error` event on failure).
    func persist() {
        guard let storage else { return }
        do {
            try storage.writeAtomically(Self.storageName, Self.encodeJSON(persistedState))
        } catch {
            reportError("templates: cannot save \(Self.storageName): \(error)")
        }
    }

    /// Restores the persisted queue (on relaunch, or into a new controller).
    ///
    /// The in-app that was displayed was never dismissed, so it goes back to
    /// the front of the queue and is presented again. Restored in-apps go
    /// before anything already queued. A corrupt file is moved aside
    /// (`inapp-queue.json.corrupt-N`) and reported as an `error` event.
    /// Presenting resumes at the next `clock.drain()`, so templates registered
    /// between `restore()` and the drain (scripts run again on relaunch) are found.
    /// Returns the number of in-apps restored.
    @discardableResult
    public func restore() -> Int {
        guard let storage else { return 0 }
        let bytes: [UInt8]
        do {
            guard let read = try storage.read(Self.storageName) else { return 0 }
            bytes = read
        } catch {
            reportError("templates: cannot read \(Self.storageName): \(error)")
            return 0
        }
        let restored: [InAppNotification]
        do {
            restored = try Self.parseState(Self.decodeJSON(bytes))
        } catch {
            let aside: String
            do { aside = try storage.moveAside(Self.storageName) } catch let moveError {
                reportError("templates: \(Self.storageName) is corrupt (\(error)) and cannot be moved aside: \(moveError)")
                return 0
            }
            reportError("templates: \(Self.storageName) is corrupt (\(error)); moved aside to \(aside)")
            return 0
        }
        let known = Set(queue.map(\.id) + [displayed?.id].compactMap { $0 })
        let fresh = restored.filter { !known.contains($0.id) }
        queue.insert(contentsOf: fresh, at: 0)
        persist()
        schedulePump()
        return fresh.count
    }

    /// Reads the persisted state: displayed first, then the queue.
    static func parseState(_ state: JSONValue) throws(PersistenceError) -> [InAppNotification] {
        guard case .object(let object) = state else { throw .malformed("expected an object") }
        guard object["version"]?.integerValue == 1 else { throw .malformed("unsupported version") }
        var result: [InAppNotification] = []
        if let displayed = object["displayed"], displayed != .null {
            guard let n = InAppNotification(persisted: displayed) else { throw .malformed("bad displayed entry") }
            result.append(n)
        }
        guard case .array(let entries)? = object["queue"] else { throw .malformed("queue is not an array") }
        for (i, entry) in entries.enumerated() {
            guard let n = InAppNotification(persisted: entry) else { throw .malformed("bad queue[\(i)]") }
            result.append(n)
        }
        return result
    }

    /// Why a persisted state cannot be read.
    enum PersistenceError: Error, CustomStringConvertible {
        case malformed(String)
        var description: String {
            switch self {
            case .malformed(let reason): return reason
            }
        }
    }
}
