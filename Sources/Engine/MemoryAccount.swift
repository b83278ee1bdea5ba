/// The bytes an engine keeps in Swift for scripts (the transcript's events, UI properties, what
/// systems keep), counted against the memory cap (reliability.md: memory scripts cause outside
/// the Lua heap counts against the cap).
///
/// One account per engine, shared by its transcript (which charges every event it keeps, the
/// one path every recording takes) and `Engine.retain` (what a binding keeps elsewhere).
/// Confined to the engine's thread.
public final class MemoryAccount {
    /// The cap in bytes (nil: none): the engine's `LuaLimits.memory`.
    public var cap: Int?
    /// Bytes charged so far (never given back: what is kept stays for the engine's life).
    @exclusivity(unchecked) public internal(set) var bytes = 0
    /// Told when a charge that cannot throw (a transcript event) was refused: the engine makes
    /// the script running now fail with `not enough memory`.
    var onRefused: (() -> Void)?

    /// Bytes past the cap that must-keep records (errors, the note that events were dropped)
    /// may still take; past it even they are dropped. Bounds a storm of errors caught by `pcall`.
    public static let overdraft = 1 << 20

    public init(cap: Int? = nil) { self.cap = cap }

    /// True when `size` more bytes fit under the cap.
    public func fits(_ size: Int) -> Bool {
        if let cap { return size <= cap - bytes }
        return true
    }

    /// Charges `size` bytes when they fit under the cap; false (nothing charged) otherwise.
    @inline(__always)
    func charge(_ size: Int) -> Bool {
        if let cap, size > cap - bytes { return false }
        bytes += size
        return true
    }

    /// Charges `size` bytes of a must-keep record: past the cap, within ``overdraft``.
    func chargeOverdrawn(_ size: Int) -> Bool {
        if let cap, size > cap + Self.overdraft - bytes { return false }
        bytes += size
        return true
    }
}
