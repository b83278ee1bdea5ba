import CLua
import CLuaSupport

/// What a Swift function returns to Lua: results, or values to yield from the running coroutine.
public enum LuaReturn {
    case values([LuaValue])
    case yield([LuaValue])
}

/// A Swift closure callable from Lua; retained by the Lua function and released by its `__gc`.
final class SwiftFunctionBox {
    let name: String
    let isMethod: Bool
    /// Pushes its results through `LuaResults` (no intermediate arrays on the hot path).
    let body: (LuaArguments, inout LuaResults) throws -> Void
    init(name: String, isMethod: Bool, body: @escaping (LuaArguments, inout LuaResults) throws -> Void) {
        self.name = name
        self.isMethod = isMethod
        self.body = body
    }

    /// A function returning an array of values (pushed one by one as its results).
    convenience init(name: String, returning body: @escaping (LuaArguments) throws -> [LuaValue]) {
        self.init(name: name, isMethod: false) { args, results in
            for value in try body(args) { try results.push(value) }
        }
    }

    /// Pushes the Lua function that calls this box; Lua owns the retain (its `__gc` releases it). Pushes 1.
    func push(on L: OpaquePointer) {
        ctl_pushswiftfunction(L, Unmanaged.passRetained(self as AnyObject).toOpaque())
    }
}

/// The arguments of a call from Lua into Swift, with checked accessors whose errors read
/// like Lua's own: `bad argument #2 to 'string' (string expected, got nil)`.
///
/// Valid only during the call it was made for: it reads the running thread's stack, and it
/// borrows the state and the function (both held by the call), so making it retains nothing (B1).
public struct LuaArguments {
    let L: OpaquePointer
    /// How many arguments were passed.
    public let count: Int
    let function: Unmanaged<SwiftFunctionBox>
    let shortStrings: ShortStrings

    init(L: OpaquePointer, count: Int, function: Unmanaged<SwiftFunctionBox>, shortStrings: ShortStrings) {
        self.L = L
        self.count = count
        self.function = function
        self.shortStrings = shortStrings
    }

    /// The state (use it to make tables and functions for results).
    public var state: LuaState { LuaState.owner(of: L) }
    /// The function's name in messages.
    public var functionName: String { function._withUnsafeGuaranteedRef { $0.name } }
    var isMethod: Bool { function._withUnsafeGuaranteedRef { $0.isMethod } }

    /// Argument `i` (1-based; `self` is 1 for methods), nil past the end.
    public subscript(i: Int) -> LuaValue {
        guard i >= 1 && i <= count else { return .nil }
        let L = L
        return LuaState.borrowOwner(of: L) { $0.value(at: Int32(i), on: L) }
    }

    /// Every argument.
    public var all: [LuaValue] { (0..<count).map { self[$0 + 1] } }

    /// The error for argument `i`, numbered as Lua numbers it (methods do not count `self`).
    public func argumentError(_ i: Int, _ message: String) -> LuaError {
        .badArgument(function: functionName, position: isMethod ? i - 1 : i, message: message)
    }

    func typeError(_ i: Int, _ expected: String) -> LuaError {
        let got = i <= count ? state.typeName(at: Int32(i), on: L) : "no value"
        return argumentError(i, "\(expected) expected, got \(got)")
    }

    /// A string argument (numbers are not converted), decoded straight from Lua's buffer.
    public func string(_ i: Int) throws(LuaError) -> String {
        guard i <= count, lua_type(L, Int32(i)) == LUA_TSTRING else { throw typeError(i, "string") }
        var length = 0
        let pointer = lua_tolstring(L, Int32(i), &length)!
        if length <= ShortStrings.maxLength { return shortStrings.string(pointer, length: length) }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// A string argument that must be valid UTF-8: one that becomes data (an event name next to
    /// its properties, which the JSON bridge refuses with invalid UTF-8 too), never replaced
    /// with U+FFFD behind the script's back.
    public func utf8String(_ i: Int) throws(LuaError) -> String {
        guard i <= count, lua_type(L, Int32(i)) == LUA_TSTRING else { throw typeError(i, "string") }
        var length = 0
        let pointer = lua_tolstring(L, Int32(i), &length)!
        let text = pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(validating: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        guard let text else { throw argumentError(i, "invalid UTF-8 in string") }
        return text
    }

    /// A string argument or nil when absent/nil.
    public func optionalString(_ i: Int) throws(LuaError) -> String? {
        if self[i].isNil { return nil }
        return try string(i)
    }

    /// An integer argument (a float with an exact integer value is accepted, as in Lua).
    public func integer(_ i: Int) throws(LuaError) -> Int64 {
        switch self[i] {
        case .integer(let v): return v
        case .number(let d):
            if let v = LuaValue.number(d).integerValue { return v }
            throw argumentError(i, "number has no integer representation")
        default: throw typeError(i, "number")
        }
    }

    /// A number argument.
    public func number(_ i: Int) throws(LuaError) -> Double {
        guard let d = self[i].doubleValue else { throw typeError(i, "number") }
        return d
    }

    /// A boolean argument.
    public func boolean(_ i: Int) throws(LuaError) -> Bool {
        guard case .boolean(let b) = self[i] else { throw typeError(i, "boolean") }
        return b
    }

    /// A table argument.
    public func table(_ i: Int) throws(LuaError) -> LuaTable {
        guard case .table(let t) = self[i] else { throw typeError(i, "table") }
        return t
    }

    /// A function argument.
    public func function(_ i: Int) throws(LuaError) -> LuaFunction {
        guard case .function(let f) = self[i] else { throw typeError(i, "function") }
        return f
    }

    /// A registered Swift object of type `T`.
    public func object<T: AnyObject>(_ i: Int, as type: T.Type) throws(LuaError) -> T {
        guard let mt = state.classMetatables[ObjectIdentifier(type)] else {
            throw typeError(i, state.classNames[ObjectIdentifier(type)] ?? "\(type)")
        }
        return try object(i, metatable: mt, name: state.classNames[ObjectIdentifier(type)] ?? "\(type)")
    }

    /// The object of the class whose metatable is registry `metatable` (captured at registration).
    func object<T: AnyObject>(_ i: Int, metatable: Int32, name: @autoclosure () -> String) throws(LuaError) -> T {
        guard i <= count, let box = ctl_toobject(L, Int32(i), metatable) else { throw typeError(i, name()) }
        return Unmanaged<T>.fromOpaque(box).takeUnretainedValue()
    }

    /// The object of the class whose metatable is at address `metatable` (`ctl_metatablepointer`,
    /// captured at registration): the methods' path. Retained: a method that calls back into Lua
    /// keeps it even if a script (full policy, `debug`) runs its `__gc` by hand meanwhile.
    func object(_ i: Int, metatable: UnsafeRawPointer, name: @autoclosure () -> String) throws(LuaError) -> AnyObject {
        guard i <= count, let box = ctl_toobjectp(L, Int32(i), metatable) else { throw typeError(i, name()) }
        return Unmanaged<AnyObject>.fromOpaque(box).takeUnretainedValue()
    }
}

extension LuaLimitKind {
    /// The `enum ctl_limit` a Swift callback trips for this limit (nil: an ordinary error).
    var trip: Int32? {
        switch self {
        case .instructions: return Int32(CTL_LIMIT_INSTRUCTIONS.rawValue)
        case .timeout: return Int32(CTL_LIMIT_TIMEOUT.rawValue)
        case .interrupted: return Int32(CTL_LIMIT_INTERRUPTED.rawValue)
        case .output: return Int32(CTL_LIMIT_OUTPUT.rawValue)
        case .memory: return nil   // "stack overflow", "too many results": runtime errors, as Lua's own
        case .nesting: return nil  // the levels above unwind anyway: an ordinary error, as Lua's "C stack overflow"
        }
    }
}

extension LuaState {
    /// Refuses, before allocating, a string that would take the state past its memory cap:
    /// Swift frames allocate with the cap disarmed (an allocation failure there would longjmp
    /// through Swift), so a large value is checked first. Small values (below 4 KiB) are not:
    /// the trampoline re-checks the cap when the callback returns.
    @inline(__always)
    func checkAllocation(_ bytes: Int) throws(LuaError) {
        try Self.checkAllocation(bytes, on: L)
    }

    /// `checkAllocation` for the state of thread `L` (the results' path: no state at hand).
    @inline(__always)
    static func checkAllocation(_ bytes: Int, on L: OpaquePointer) throws(LuaError) {
        guard bytes >= 4096 else { return }
        let runtime = ctl_getruntime(L)!
        guard runtime.pointee.limit > 0 else { return }
        if Int(runtime.pointee.used) + bytes > Int(runtime.pointee.limit) {
            throw LuaError.memory(message: "not enough memory")
        }
    }

    /// Makes a Lua function that runs `body`. Errors thrown by `body` become Lua errors
    /// raised by the C trampoline after the Swift frame has returned.
    public func function(_ name: String = "?", _ body: @escaping (LuaArguments) throws -> [LuaValue]) -> LuaFunction {
        makeFunction(SwiftFunctionBox(name: name, returning: body))
    }

    /// Makes a Lua function whose body pushes its results directly (the fast path: no arrays).
    public func function(_ name: String, pushing body: @escaping (LuaArguments, inout LuaResults) throws -> Void) -> LuaFunction {
        makeFunction(name: name, isMethod: false, body)
    }

    /// Makes a Lua function that may yield the running coroutine (return `.yield(values)`).
    public func yieldingFunction(_ name: String, _ body: @escaping (LuaArguments) throws -> LuaReturn) -> LuaFunction {
        makeFunction(name: name, isMethod: false) { args, results in
            switch try body(args) {
            case .values(let values):
                for value in values { try results.push(value) }
            case .yield(let values):
                for value in values { try results.push(value) }
                results.yield()
            }
        }
    }

    func makeFunction(name: String, isMethod: Bool,
                      _ body: @escaping (LuaArguments, inout LuaResults) throws -> Void) -> LuaFunction {
        makeFunction(SwiftFunctionBox(name: name, isMethod: isMethod, body: body))
    }

    private func makeFunction(_ box: SwiftFunctionBox) -> LuaFunction {
        let L = activeL
        box.push(on: L)
        defer { ctl_pop(L, 1) }
        return LuaFunction(state: self, index: -1, on: L)
    }

    /// Runs a Swift function called from Lua on thread `L`; returns a result count or a CTL code.
    func dispatch(_ function: SwiftFunctionBox, on L: OpaquePointer) -> Int32 {
        let previous = activeL
        activeL = L
        defer { activeL = previous }
        let top = lua_gettop(L)
        let arguments = LuaArguments(L: L, count: Int(top), function: Unmanaged.passUnretained(function),
                                     shortStrings: shortStrings)
        var results = LuaResults(L: L)
        do {
            try function.body(arguments, &results)
            return results.yields ? CTL_YIELD_BASE - results.count : results.count
        } catch let error as LuaError {
            lua_settop(L, top)   // drop partial results
            switch error {
            case .runtime(_, _, let value):
                push(value, on: L)   // re-raise the original value unchanged
                return CTL_RAISE
            case .memory:
                return CTL_RAISE_MEMORY   // a genuine LUA_ERRMEM: classified by status, not by text
            case .limit(let kind, _, _):
                if let code = kind.trip { ctl_trip(L, code) }   // the stop cannot be swallowed by pcall
                push(error.message, on: L)
                return CTL_RAISE
            case .errorHandler:
                push(error.message, on: L)
                return CTL_RAISE
            default:
                push(error.message, on: L)
                return CTL_RAISE_WHERE
            }
        } catch {
            lua_settop(L, top)
            push(String(describing: error), on: L)
            return CTL_RAISE_WHERE
        }
    }
}
