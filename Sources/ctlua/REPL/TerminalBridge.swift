import LuaRuntime

import Platform

/// The only global mutable state of ctlua, and why it cannot be avoided.
///
/// GNU readline calls back through plain C function pointers with no user-data
/// argument (`rl_attempted_completion_function`, the line handler of
/// `rl_callback_handler_install`), and a SIGINT handler receives only the signal
/// number. Those callbacks reach the one live REPL through the slots below; nothing
/// else reads them. They are set and cleared on the main thread by `LineEditor` and
/// `InterruptSignal`; the signal handler only reads `interruptTarget` (a plain pointer
/// wrapper, no reference counting) and writes `promptInterrupted`.
enum TerminalBridge {
    /// The editor whose completer readline calls (one REPL per process).
    nonisolated(unsafe) static weak var editor: LineEditor?
    /// The line readline handed to the line handler, consumed by `LineEditor.read`.
    nonisolated(unsafe) static var received: LineEditor.Input?
    /// While a chunk runs: the state to interrupt on SIGINT.
    nonisolated(unsafe) static var interruptTarget: LuaInterruptHandle?
    /// Set by SIGINT at the prompt (no chunk running): the editor clears the line.
    nonisolated(unsafe) static var promptInterrupted: sig_atomic_t = 0

    /// Touches every slot so that none is lazily initialised inside the signal handler.
    static func prepare() {
        _ = editor
        _ = received
        _ = interruptTarget
        promptInterrupted = 0
    }
}

/// Ctrl-C: interrupts the running chunk through the runtime's cancellation (`interrupted`),
/// or, at the prompt, asks the editor to clear the line. A second Ctrl-C while the first is still
/// unheard (code without hooks: a looping `__gc` finalizer) ends the REPL with status 130.
enum InterruptSignal {
    /// Installs the SIGINT handler (no `SA_RESTART`: a waiting `select` returns `EINTR`).
    static func install() {
        TerminalBridge.prepare()
        var action = sigaction()
        Platform.setHandler(&action, handleInterrupt)
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // A parent may have started us with SIGINT blocked (the mask is inherited through exec).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Runs `body` with Ctrl-C aimed at `handle`.
    static func aiming<T>(at handle: LuaInterruptHandle, _ body: () throws -> T) rethrows -> T {
        set(handle)
        defer { set(nil) }
        return try body()
    }

    /// Whether Ctrl-C was pressed at the prompt since the last call (and clears it).
    static func takePromptInterrupt() -> Bool {
        guard TerminalBridge.promptInterrupted != 0 else { return false }
        TerminalBridge.promptInterrupted = 0
        return true
    }

    /// Updates the target with SIGINT blocked, so the handler never sees half a write.
    private static func set(_ handle: LuaInterruptHandle?) {
        var block = sigset_t(), old = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGINT)
        sigprocmask(SIG_BLOCK, &block, &old)
        TerminalBridge.interruptTarget = handle
        TerminalBridge.promptInterrupted = 0
        sigprocmask(SIG_SETMASK, &old, nil)
    }
}

/// The message of a second Ctrl-C that the running code did not see (async-signal-safe bytes).
private let unheardInterrupt: StaticString =
    "\nctlua: interrupted twice, and the running code does not see interrupts (a __gc finalizer loops?): exiting\n"

private let handleInterrupt: @convention(c) (Int32) -> Void = { _ in
    if let target = TerminalBridge.interruptTarget {
        if target.isInterruptPending {
            // The first Ctrl-C is still unheard: Lua runs finalizers without hooks. Quit, as a
            // second Ctrl-C does in many shells, rather than leave the user with no way out.
            _ = write(2, unheardInterrupt.utf8Start, unheardInterrupt.utf8CodeUnitCount)
            _exit(130)
        }
        target.interrupt()
    } else {
        TerminalBridge.promptInterrupted = 1
    }
}
