import CLua
import CLuaSupport

/// One Lua 5.4 state: the owner of a `lua_State`, its limits and its sandbox.
///
/// Every entry from Swift into Lua is a protected call with a traceback handler;
/// Swift callbacks never raise (the C trampoline raises after they return). The
/// allocator refuses memory past the cap only while Lua code runs, so no allocation
/// failure can longjmp through a Swift frame; what Swift frames allocate for scripts is
/// bounded otherwise: large results are checked against the cap before they are pushed
/// (`LuaResults`), JSON goes in through a protected entry with the cap armed, and the
/// trampoline raises `not enough memory` when a callback left the state over the cap.
/// A state is confined to one thread.
///
/// Swift closures registered in the state are owned by it: call `close()` (or let
/// the owner drop the state) to release them; closures should capture the state
/// `unowned` to avoid a cycle.
public final class LuaState {
    /// The main thread of the state.
    let L: OpaquePointer
    /// The thread running right now (a coroutine while a Swift callback runs inside one).
    /// Kept in the C runtime struct: a pointer access has no dynamic exclusivity check.
    var activeL: OpaquePointer {
        get { runtime.pointee.active }
        set { runtime.pointee.active = newValue }
    }
    @usableFromInline let runtime: UnsafeMutablePointer<ctl_runtime>
    /// The sandbox policy chosen at creation.
    public let policy: SandboxPolicy
    /// The limits in force.
    public var limits: LuaLimits { didSet { applyLimits() } }
    /// Folders where `require` looks for `.lua` modules.
    public var scriptRoots: [String]
    /// Where `print` writes (the engine sends it to the transcript). Default: standard output.
    public var printHandler: (String) -> Void = { line in
        var text = line
        text.append("\n")
        text.withUTF8 { buffer in _ = write(1, buffer.baseAddress, buffer.count) }
    }
    /// Receives Lua warnings, such as errors in `__gc` metamethods. Default: kept in `warnings`.
    public var warningHandler: ((String) -> Void)?
    /// Warnings received while no handler was set.
    public private(set) var warnings: [String] = []
    /// The bound on nested entries from Swift (shared with other states by assigning one value).
    /// Unchecked exclusivity: read on every entry, never held across a call (see `LuaNesting.depth`).
    /// Its counter and bound are handed to the C runtime (`ctl_call1` counts there).
    @exclusivity(unchecked) public var nesting = LuaNesting() {
        didSet {
            runtime.pointee.nesting = nesting.counter
            runtime.pointee.nesting_limit = nesting.limit
        }
    }
    /// Bytes written by `print` so far (counted against `limits.output`).
    public private(set) var outputUsed = 0

    /// `lua_close` has started: references must not touch the registry.
    var isClosing: Bool { runtime.pointee.closing != 0 }
    /// True once `close()` has run.
    public var isClosed: Bool { runtime.pointee.closed != 0 }
    /// The registry references of the classes' metatables made so far (see `register`).
    var classMetatables: [ObjectIdentifier: Int32] = [:]
    /// Classes registered whose metatable is not made yet: it is made when the first object is wrapped.
    var pendingClasses: [ObjectIdentifier: (LuaState) -> Void] = [:]
    var classNames: [ObjectIdentifier: String] = [:]
    /// Per registered class name: its method names and its property names (REPL completion).
    var classMembers: [String: (methods: [String], properties: [String])] = [:]
    var sandbox: Sandbox!
    /// Short strings read by bindings lately, decoded once (`LuaArguments.string`). Made once the
    /// state exists (an init that fails before has nothing to free), freed in `deinit`.
    let shortStrings: ShortStrings
    private var warningPiece = ""

    /// Creates a state with the given policy and limits.
    public init(policy: SandboxPolicy = .strict, limits: LuaLimits = .standard, scriptRoots: [String] = []) throws {
        runtime = .allocate(capacity: 1)
        runtime.initialize(to: ctl_runtime())
        guard let state = ctl_newstate(runtime) else {
            runtime.deallocate()
            throw LuaError.memory(message: "not enough memory")
        }
        L = state
        shortStrings = ShortStrings()
        runtime.pointee.active = state
        runtime.pointee.nesting = nesting.counter
        runtime.pointee.nesting_limit = nesting.limit
        runtime.pointee.hook_trusted = policy == .strict ? 1 : 0   // no `debug.sethook` for scripts
        self.policy = policy
        self.limits = limits
        self.scriptRoots = scriptRoots
        runtime.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        runtime.pointee.dispatch = luaRuntimeDispatch
        runtime.pointee.release = luaRuntimeRelease
        runtime.pointee.warn = luaRuntimeWarn
        runtime.pointee.warn_context = runtime.pointee.owner
        applyLimits()
        let status = ctl_openlibs(L)
        if status != LUA_OK {
            let error = popError(status: status, on: L)
            close()
            throw error
        }
        do {
            sandbox = try Sandbox(state: self)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
        freeCoverage()
        shortStrings.free()
        runtime.deinitialize(count: 1)
        runtime.deallocate()
    }

    /// Closes the state: runs pending finalizers and releases every Swift closure it held.
    public func close() {
        guard !isClosed else { return }
        runtime.pointee.closing = 1
        sandbox = nil
        ctl_close(L)
        runtime.pointee.closed = 1
        ctl_watchdog_stop(runtime.pointee.watchdog)
        runtime.pointee.watchdog = nil
    }

    /// Backs the timeout with a wall-clock watchdog for a whole process (`ctlua run`, `-e`,
    /// standard input): when an entry into Lua, or the close with its finalizers, runs `grace`
    /// seconds past its deadline, the process writes `ctlua: timeout ...` and exits 1. It covers
    /// what the hook cannot see under the full policy: `__gc` finalizers (Lua runs them with
    /// hooks off) and a script that removed the hook with `debug.sethook()`. Does nothing
    /// without a timeout. Never for an engine inside a longer-lived process (the REPL, the runner).
    public func startWatchdog(grace: Double = 1) {
        guard let timeout = limits.timeout, timeout > 0, runtime.pointee.watchdog == nil, !isClosed else { return }
        let message = "ctlua: timeout (ran past --timeout where the limit hook cannot stop it: "
            + "in a __gc finalizer, or with the hook removed; ended by the watchdog)\n"
        runtime.pointee.watchdog = ctl_watchdog_start(grace, 1, message)
    }

    private func applyLimits() {
        runtime.pointee.limit = limits.memory.map { size_t($0) } ?? 0
        runtime.pointee.budget = limits.instructions.map { Int64($0) } ?? 0
        runtime.pointee.timeout = limits.timeout ?? 0
    }

    /// Bytes Lua has allocated now.
    public var memoryUsed: Int { isClosed ? 0 : Int(runtime.pointee.used) }
    /// The most bytes Lua had allocated at once.
    public var memoryPeak: Int { Int(runtime.pointee.peak) }

    /// Says that Swift had to refuse keeping something a script caused (its owner's memory
    /// account is past the cap): while Lua code runs, the Swift function running now returns
    /// into Lua with `not enough memory` (the trampoline raises it after the Swift frame is
    /// gone). Does nothing when no Lua code runs (a scenario step outside scripts).
    public func oweMemoryError() {
        if !isClosed && runtime.pointee.depth > 0 { runtime.pointee.memory_owed = 1 }
    }

    /// Requests that the running chunk stop with `interrupted` (safe from a signal handler's thread).
    public var interruptHandle: LuaInterruptHandle { LuaInterruptHandle(runtime: runtime) }

    /// Counts `bytes` against the output cap; throws the limit error when exceeded.
    func chargeOutput(_ bytes: Int) throws {
        outputUsed += bytes
        if let cap = limits.output, outputUsed > cap {
            throw LuaError.limit(.output, message: "output limit exceeded", traceback: nil)
        }
    }

    func receiveWarning(_ piece: String, continues: Bool) {
        if !continues && warningPiece.isEmpty && piece.hasPrefix("@") { return }   // control message
        warningPiece += piece
        guard !continues else { return }
        let message = warningPiece
        warningPiece = ""
        if let handler = warningHandler { handler(message) } else { warnings.append(message) }
    }
}

/// A handle that interrupts a state's running chunk from another thread or a signal handler.
public struct LuaInterruptHandle: @unchecked Sendable {
    let runtime: UnsafeMutablePointer<ctl_runtime>
    /// Makes the running chunk fail with `interrupted` at its next hook.
    public func interrupt() { ctl_interrupt(runtime) }
    /// True while an `interrupt()` has not been acted on: the code running now sees no hook (a
    /// `__gc` finalizer under the full policy). Async-signal-safe: it reads one flag.
    public var isInterruptPending: Bool { ctl_interrupt_pending(runtime) != 0 }
}

// MARK: - The C callbacks (no captures: plain C function pointers)

// Borrows the state (`_withUnsafeGuaranteedRef`: no retain/release pair per call, B1): Lua runs
// only inside a method of the state, whose caller holds it. Borrows the box too: the C trampoline
// counts the calls running in its slot, and a `__gc` of the box run meanwhile (by hand, under the
// full policy) leaves the release to the last of them (`ctl_fnslot`).
private let luaRuntimeDispatch: ctl_dispatch_fn = { L, box in
    Unmanaged<LuaState>.fromOpaque(ctl_getruntime(L!).pointee.owner)._withUnsafeGuaranteedRef { state in
        Unmanaged<SwiftFunctionBox>.fromOpaque(box!)._withUnsafeGuaranteedRef { function in
            state.dispatch(function, on: L!)
        }
    }
}

private let luaRuntimeRelease: ctl_release_fn = { box in
    Unmanaged<AnyObject>.fromOpaque(box!).release()
}

private let luaRuntimeWarn: ctl_warn_fn = { context, message, continues in
    let state = Unmanaged<LuaState>.fromOpaque(context!).takeUnretainedValue()
    state.receiveWarning(String(cString: message!), continues: continues != 0)
}

extension LuaState {
    static func owner(of L: OpaquePointer) -> LuaState {
        Unmanaged<LuaState>.fromOpaque(ctl_getruntime(L).pointee.owner).takeUnretainedValue()
    }

    /// Runs `body` with the state of thread `L` borrowed (no retain): only while Lua runs inside
    /// a method of the state, whose caller holds it (a Swift function called from Lua).
    @inline(__always)
    static func borrowOwner<R>(of L: OpaquePointer, _ body: (LuaState) -> R) -> R {
        Unmanaged<LuaState>.fromOpaque(ctl_getruntime(L).pointee.owner)._withUnsafeGuaranteedRef(body)
    }
}

import Platform
