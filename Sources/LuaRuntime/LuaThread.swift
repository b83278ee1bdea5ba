import CLua
import CLuaSupport

/// The outcome of resuming a coroutine.
public enum LuaResumeResult {
    /// The coroutine yielded these values and can be resumed again.
    case yielded([LuaValue])
    /// The coroutine's function returned these values.
    case returned([LuaValue])
}

/// A Lua coroutine, resumable from Swift (hooks and validators that complete later).
public final class LuaThread: LuaReference {
    var thread: OpaquePointer? {
        guard !state.isClosed else { return nil }
        let L = state.activeL
        push(on: L)
        defer { ctl_pop(L, 1) }
        return lua_tothread(L, -1)
    }

    /// True while the coroutine can be resumed (suspended, or not started).
    public var isResumable: Bool {
        guard let co = thread else { return false }
        let status = lua_status(co)
        return status == LUA_YIELD || (status == LUA_OK && lua_gettop(co) > 0)
    }

    /// Resumes the coroutine with `arguments` (the first resume calls its function).
    public func resume(_ arguments: [LuaValue] = []) throws(LuaError) -> LuaResumeResult {
        guard let co = thread else { throw .closed }
        guard isResumable else { throw LuaError.runtime(message: "cannot resume dead coroutine", traceback: nil, value: "cannot resume dead coroutine") }
        try state.ensureStack(Int32(arguments.count) + 2, on: co)
        for a in arguments { state.push(a, on: co) }
        var count: Int32 = 0
        let from = state.activeL
        try state.ensureStack(3, on: from)
        let status = ctl_resume(co, from, Int32(arguments.count), &count)
        if status != LUA_OK && status != LUA_YIELD {
            throw state.popError(status: status, on: from)   // ctl_resume moved the error there
        }
        // The values may fill the coroutine's stack to its frame's top; referencing one pushes two.
        // Without room, the values go (a resumable coroutine must not keep them) and it is an error.
        if lua_checkstack(co, 3) == 0 {
            ctl_pop(co, count)
            throw LuaError.limit(.memory, message: "stack overflow", traceback: nil)
        }
        let top = lua_gettop(co)
        var values: [LuaValue] = []
        for i in 0..<count { values.append(state.value(at: top - count + 1 + i, on: co)) }
        ctl_pop(co, count)
        return status == LUA_YIELD ? .yielded(values) : .returned(values)
    }
}

extension LuaState {
    /// A new coroutine running `function`.
    public func newThread(_ function: LuaFunction) -> LuaThread {
        let L = activeL
        let co = lua_newthread(L)!
        function.push(on: L)
        lua_xmove(L, co, 1)
        defer { ctl_pop(L, 1) }
        return LuaThread(state: self, index: -1, on: L)
    }
}
