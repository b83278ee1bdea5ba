/// One file of a system's durable state, written at most once per settle.
///
/// Changes only mark the file dirty (`markChanged()`); one idle action of the clock writes it
/// when the run loop has run every due timer, before the driving call's `drain()`/`advance(by:)`
/// returns, so what a driving call acknowledged is on disk when it returns, however many changes
/// it made. The write is atomic and durable (`Storage.writeAtomically`). A save whose bytes equal
/// the last save (or the file as it was read, `assumeSaved(_:)`) is skipped: the file holds them.
///
/// A storage that is not durable (an engine's own temporary directory, which nothing but the
/// engine reads) is written only by an explicit `flush()` or `retire()`: on a relaunch, the one
/// time anything reads it back.
///
/// A failed write reports through `failed` (the owner records an `error` event); the file stays
/// dirty and the next change tries again.
public final class CoalescedSave {
    /// Where the file lives; nil: nothing is saved.
    public let storage: Storage?
    /// The file's name in `storage` (a system may switch it: one file per user).
    public var fileName: String
    /// True when the state changed since the last save. (This flag and `isRetired`: no dynamic
    /// exclusivity checks, plain Bool reads and writes on the engine's thread, several per in-app.)
    @exclusivity(unchecked) public private(set) var hasUnsavedChanges = false
    /// Atomic writes made so far.
    public private(set) var saveCount = 0
    /// True after `retire()` or `stop()`: nothing is saved any more.
    @exclusivity(unchecked) public private(set) var isRetired = false
    private var lastSaved: [UInt8]?
    private let idle: IdleOnce
    private let encode: () throws -> [UInt8]
    private let failed: (String) -> Void

    /// - Parameters:
    ///   - encode: the file's bytes now (called at each save).
    ///   - failed: receives `cannot save NAME: reason` when a save fails.
    public init(storage: Storage?, clock: VirtualClock, fileName: String,
                encode: @escaping () throws -> [UInt8], failed: @escaping (String) -> Void) {
        self.storage = storage
        idle = IdleOnce(clock: clock)
        self.fileName = fileName
        self.encode = encode
        self.failed = failed
    }

    /// Notes a change: one save when the run loop is next idle (durable storage only).
    public func markChanged() {
        guard let storage, !isRetired else { return }
        hasUnsavedChanges = true
        guard storage.isDurable else { return }
        idle.schedule { [weak self] in self?.flush() }
    }

    /// Saves now if something changed since the last save.
    public func flush() {
        guard hasUnsavedChanges, !isRetired, let storage else { return }
        hasUnsavedChanges = false
        do {
            let bytes = try encode()
            guard bytes != lastSaved else { return }
            try storage.writeAtomically(fileName, bytes)
            lastSaved = bytes
            saveCount += 1
        } catch {
            hasUnsavedChanges = true
            failed("cannot save \(fileName): \(error)")
        }
    }

    /// Writes `bytes` to the file now (a form other than `encode`'s, before switching
    /// `fileName`), unless the file already holds them: a user switch that changed nothing in
    /// the old file costs no durable write.
    public func write(_ bytes: [UInt8]) {
        guard let storage, !isRetired, bytes != lastSaved else { return }
        do {
            try storage.writeAtomically(fileName, bytes)
            lastSaved = bytes
            saveCount += 1
        } catch {
            failed("cannot save \(fileName): \(error)")
        }
    }

    /// Saves what changed, then stops saving (the app process that owned the state is gone).
    public func retire() {
        flush()
        isRetired = true
    }

    /// Stops saving without a last save (a file that could not be read must not be overwritten).
    public func stop() { isRetired = true }

    /// Records that the file holds `bytes` (as read at start, or nil after switching `fileName`):
    /// a save of the same bytes is skipped.
    public func assumeSaved(_ bytes: [UInt8]?) { lastSaved = bytes }

    /// Marks the state dirty and saves now (before switching `fileName`).
    public func saveNow() {
        guard storage != nil, !isRetired else { return }
        hasUnsavedChanges = true
        flush()
    }
}
