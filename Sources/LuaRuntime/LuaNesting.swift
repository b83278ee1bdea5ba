/// Bounds how deep entries from Swift into Lua run inside each other.
///
/// Lua bounds its own nested C calls (`LUAI_MAXCCALLS`, 200, `C stack overflow`), but each level
/// of a callback that drives the host again (a presenter that delivers, a hook that navigates, a
/// trait that shows, a validator that submits) also stacks the host's Swift frames, which are far
/// larger: the thread's stack ends first (SIGSEGV), and a host that records a callback's error and
/// goes on (shows the next queued message) recursed again. Every protected call from Swift into
/// Lua enters here; past `limit` levels it fails at once with one message, before anything runs.
///
/// One value may be shared by several states (an engine's states over relaunches), so a
/// recursion through a new state is bounded too. Confined to the states' thread.
public final class LuaNesting {
    /// Nested entries that may run at once (the outermost entry is level 1).
    public static let defaultLimit = 64
    /// Entries running now. A counter in memory the C runtime reads too (`ctl_call1` counts its
    /// entries in C, B2); a pointer access has no dynamic exclusivity check.
    public var depth: Int { counter.pointee }
    /// The bound in force.
    public let limit: Int
    /// The counter (`ctl_runtime.nesting` of each state using this value; the states hold it).
    let counter: UnsafeMutablePointer<Int>

    public init(limit: Int = LuaNesting.defaultLimit) {
        self.limit = limit
        counter = .allocate(capacity: 1)
        counter.initialize(to: 0)
    }

    deinit { counter.deallocate() }

    /// The message of an entry refused at the bound.
    public var message: String {
        "too many nested calls (more than \(limit) levels of callbacks inside each other, "
            + "as a presenter that delivers, a hook that navigates, a trait that shows or a validator that submits)"
    }

    /// Enters one level, or throws `.limit(.nesting, ...)` at the bound (nothing entered).
    func enter() throws(LuaError) {
        guard counter.pointee < limit else { throw refusal }
        counter.pointee += 1
    }

    /// The error of an entry refused at the bound.
    var refusal: LuaError { .limit(.nesting, message: message, traceback: nil) }

    /// Leaves the level entered.
    func leave() { counter.pointee -= 1 }
}
