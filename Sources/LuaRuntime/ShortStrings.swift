import Platform

/// Short Lua strings decoded lately (B1): a binding that reads the same key on every call
/// (`ctx:string("title")`) gets its `String` without decoding and validating the bytes again.
///
/// Eight slots chosen by the string's address in Lua; a slot answers only when its bytes are
/// the same (compared whole, zero-padded to 16), so an address reused by another string never
/// returns the old text. Strings up to 15 bytes only: Swift keeps them inline, so a slot holds
/// no heap memory. Owned by one state, on its thread, which frees it (`free`) in its deinit: a
/// struct around a pointer, so reading it from the state takes no retain.
struct ShortStrings {
    /// The longest string kept.
    static let maxLength = 15
    private struct Slot {
        var length = -1
        var low: UInt64 = 0
        var high: UInt64 = 0
        var string = ""
    }
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: 8)
        slots.initialize(repeating: Slot(), count: 8)
    }

    /// Frees the slots; the value must not be used after.
    func free() {
        slots.deinitialize(count: 8)
        slots.deallocate()
    }

    /// The string of the `length` bytes at `pointer` (at most `maxLength`), decoded as
    /// `String(decoding:as: UTF8.self)` does (invalid sequences become U+FFFD).
    @inline(__always)
    func string(_ pointer: UnsafePointer<CChar>, length: Int) -> String {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { _ = memcpy($0.baseAddress!, pointer, length) }
        let slot = slots + (Int(bitPattern: pointer) >> 4 & 7)
        if slot.pointee.length == length, slot.pointee.low == words.0, slot.pointee.high == words.1 {
            return slot.pointee.string
        }
        let string = pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        slot.pointee = Slot(length: length, low: words.0, high: words.1, string: string)
        return string
    }
}
