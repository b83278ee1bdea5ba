/// An error from Lua or from the binding.
///
/// Cases map Lua's statuses one to one (syntax, runtime, memory, error handler)
/// plus the binding's own (limits, bad arguments, conversions, callbacks, closed state).
/// Built in one place: `LuaState.popError(status:)`.
///
/// `@unchecked Sendable`: errors must be `Sendable`, but the `value` of a runtime error may hold
/// references into a Lua state (`error({})`), which are confined to that state's thread like the
/// state itself. The message and traceback are plain strings and safe anywhere.
public enum LuaError: Error, @unchecked Sendable, CustomStringConvertible {
    /// A chunk did not compile. `isIncomplete` when it ended early (`<eof>`): the REPL continues the line.
    case syntax(message: String, isIncomplete: Bool)
    /// A runtime error: the message, the traceback, and the error value itself (`error({})` keeps its table).
    case runtime(message: String, traceback: String?, value: LuaValue)
    /// The memory cap was reached (`not enough memory`).
    case memory(message: String)
    /// An error inside the message handler.
    case errorHandler(message: String)
    /// A limit stopped the entry: instructions, timeout, interrupted, output, nesting.
    case limit(LuaLimitKind, message: String, traceback: String?)
    /// A Swift function was called with a bad argument (`bad argument #2 to 'string' (string expected, got nil)`).
    case badArgument(function: String, position: Int, message: String)
    /// A value could not be converted.
    case conversion(from: String, to: String, message: String?)
    /// A Swift callback failed: the Swift error's text.
    case callback(message: String)
    /// The state was closed.
    case closed

    /// The message alone, as Lua's `error` would print it.
    public var message: String {
        switch self {
        case .syntax(let m, _), .runtime(let m, _, _), .memory(let m), .errorHandler(let m), .callback(let m):
            return m
        case .limit(_, let m, _): return m
        case .badArgument(let f, 0, let m): return "calling '\(f)' on bad self (\(m))"   // as luaL_argerror
        case .badArgument(let f, let p, let m): return "bad argument #\(p) to '\(f)' (\(m))"
        case .conversion(let from, let to, let m):
            return "cannot convert \(from) to \(to)" + (m.map { " (\($0))" } ?? "")
        case .closed: return "the Lua state is closed"
        }
    }

    /// The traceback recorded when the error was raised, if any.
    public var traceback: String? {
        switch self {
        case .runtime(_, let tb, _), .limit(_, _, let tb): return tb
        default: return nil
        }
    }

    /// The error value (the message as a string for errors that had no other value).
    public var value: LuaValue {
        if case .runtime(_, _, let v) = self { return v }
        return .string(LuaString(message))
    }

    public var description: String { message }
}

/// Which limit stopped an entry into Lua.
public enum LuaLimitKind: String, Sendable {
    case instructions, timeout, interrupted, output, memory
    /// Callbacks nested past `LuaNesting.limit`.
    case nesting
}
