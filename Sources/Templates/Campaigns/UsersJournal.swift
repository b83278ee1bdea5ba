import Engine
import JSON

/// The users of the device on disk: `users.json` (a snapshot) and `users.journal` (what changed
/// since, one record per settle that changed something), so a login costs one durable append
/// (one `fdatasync`) whatever the number of users, where rewriting `users.json` whole cost two
/// fsyncs and a write growing with every user.
///
/// A record has the snapshot's form (`UserRegistry.json`) with only the identities cached since
/// the last record; replaying records in order over the snapshot gives the registry, and
/// replaying one twice changes nothing (a kill between writing a snapshot and emptying the
/// journal is harmless). The journal is folded into a new snapshot when it holds more records
/// than the snapshot has identities (at least ``minimumRecords``): amortised, a login still
/// costs a constant number of bytes written. A torn last record (a process killed during the
/// append, before it was acknowledged) is cut off when read.
final class UsersJournal {
    /// The journal's file name.
    static let fileName = "users.journal"
    /// The journal is folded into the snapshot past this many records (or the identity count).
    static let minimumRecords = 64

    let storage: Storage?
    /// Durable writes made so far (appends and snapshots).
    private(set) var saveCount = 0
    /// Bytes written so far (appends and snapshots): what a login costs.
    private(set) var bytesWritten = 0
    /// Records in the journal (since the last snapshot).
    private(set) var records = 0
    /// Identities in the snapshot when it was last written or read: the journal is folded once
    /// it holds as many records (so a fold, whose cost grows with the users, comes after as
    /// many appends).
    private var snapshotIdentities = 0
    private(set) var hasUnsavedChanges = false
    private(set) var isRetired = false
    /// Identities cached since the last record.
    private var pendingIdentities: [String: String] = [:]
    /// The current ID and count the file holds (nothing to append while they are the same).
    private var saved: (current: String, count: Int) = (UserRegistry.deviceId(1), 1)
    /// Bytes of the journal that hold whole records (a failed append is cut back to it).
    private(set) var length = 0
    private let idle: IdleOnce
    private let registry: () -> UserRegistry
    private let failed: (String) -> Void

    init(storage: Storage?, clock: VirtualClock, registry: @escaping () -> UserRegistry, failed: @escaping (String) -> Void) {
        self.storage = storage
        idle = IdleOnce(clock: clock)
        self.registry = registry
        self.failed = failed
    }

    /// Records what was read at start: the file holds `users`, the journal `records` records in `length` bytes.
    func assumeSaved(_ users: UserRegistry, records: Int, length: Int, snapshotIdentities: Int) {
        self.snapshotIdentities = snapshotIdentities
        saved = (users.current, users.count)
        self.records = records
        self.length = length
    }

    /// An identity was cached: it goes into the next record.
    func cache(_ key: String, _ deviceId: String) {
        pendingIdentities[key] = deviceId
        markChanged()
    }

    /// Notes a change: one record when the run loop is next idle (durable storage only; an
    /// engine's own temporary directory at `flush()` / `retire()`).
    func markChanged() {
        guard let storage, !isRetired else { return }
        hasUnsavedChanges = true
        guard storage.isDurable else { return }
        idle.schedule { [weak self] in self?.flush() }
    }

    /// Appends a record of what changed (or writes a new snapshot when the journal is long).
    func flush() {
        guard hasUnsavedChanges, !isRetired, let storage else { return }
        hasUnsavedChanges = false
        let users = registry()
        guard !pendingIdentities.isEmpty || saved != (users.current, users.count) else { return }
        do {
            if records >= max(Self.minimumRecords, snapshotIdentities) {
                let snapshot = try InAppController.encodeJSON(users.json)
                try storage.writeAtomically(UserRegistry.storageName, snapshot)
                bytesWritten += snapshot.count
                if length > 0 { try storage.truncate(Self.fileName, to: 0) }
                records = 0
                length = 0
                snapshotIdentities = users.identities.count
            } else {
                var record = UserRegistry()
                record.current = users.current
                record.count = users.count
                record.identities = pendingIdentities
                let bytes = try InAppController.encodeJSON(record.json) + [UInt8(ascii: "\n")]
                do { try storage.append(Self.fileName, bytes) } catch {
                    // A part of the record may have been written: cut it off, or the next would follow it.
                    try? storage.truncate(Self.fileName, to: length)
                    throw error
                }
                records += 1
                length += bytes.count
                bytesWritten += bytes.count
            }
            pendingIdentities = [:]
            saved = (users.current, users.count)
            saveCount += 1
        } catch {
            hasUnsavedChanges = true
            failed("cannot save \(UserRegistry.storageName): \(error)")
        }
    }

    /// Saves what changed, then stops saving (relaunch).
    func retire() {
        flush()
        isRetired = true
    }

    /// Stops saving without a last save (a file that could not be read must not be overwritten).
    func stop() { isRetired = true }

    /// The records of a journal and the length of its whole records (a torn last record, with
    /// no newline yet, is not one).
    ///
    /// - Throws: `PersistenceError.malformed` for a record that is not a registry object.
    static func parse(_ bytes: [UInt8]) throws -> (records: [UserRegistry], length: Int) {
        var records: [UserRegistry] = []
        var start = 0, line = 1
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            guard let record = UserRegistry.read(try InAppController.decodeJSON(Array(bytes[start..<end]))) else {
                throw InAppController.PersistenceError.malformed("record \(line) is not a version 1 object")
            }
            records.append(record)
            start = end + 1
            line += 1
        }
        return (records, start)
    }
}

extension UserRegistry {
    /// Applies a journal record (its current ID and count, and the identities it cached).
    mutating func apply(_ record: UserRegistry) {
        current = record.current
        count = max(record.count, Self.number(record.current))
        identities.merge(record.identities) { $1 }
    }

    /// The registry saved in `storage` (snapshot and journal), nil when neither exists; what a
    /// new engine on the directory reads.
    static func saved(in storage: Storage) throws -> UserRegistry? {
        let snapshot = try storage.read(storageName), journal = try storage.read(UsersJournal.fileName)
        guard snapshot != nil || journal != nil else { return nil }
        var users = UserRegistry()
        if let snapshot {
            guard let read = read(try InAppController.decodeJSON(snapshot)) else {
                throw InAppController.PersistenceError.malformed("not a version 1 object")
            }
            users = read
        }
        for record in try UsersJournal.parse(journal ?? []).records { users.apply(record) }
        return users
    }
}
