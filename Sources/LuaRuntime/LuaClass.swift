import CLua
import CLuaSupport

/// Describes how a Swift type appears in Lua: methods (called with `:`) and read-only properties.
///
/// One metatable per Swift type, created once by `LuaState.register(_:name:_:)`.
public final class LuaClassBuilder<T: AnyObject> {
    @usableFromInline var methods: [(String, LuaMethodBody)] = []
    var properties: [String: (T) -> LuaValue] = [:]

    @usableFromInline init() {}

    /// A method: `obj:name(...)`; arguments start at 2 (`self` is 1).
    public func method(_ name: String, _ body: @escaping (T, LuaArguments) throws -> [LuaValue]) {
        methods.append((name, LuaMethodBody { object, args, results in
            for value in try body(unsafeDowncast(object, to: T.self), args) { try results.push(value) }
        }))
    }

    /// A method whose body pushes its results directly (the fast path: no arrays). Inlinable: the
    /// body is wrapped where `T` is known, so a call reaches it without reabstraction thunks (B1).
    @inlinable
    public func method(_ name: String, pushing body: @escaping (T, LuaArguments, inout LuaResults) throws -> Void) {
        methods.append((name, LuaMethodBody { object, args, results in
            try body(unsafeDowncast(object, to: T.self), args, &results)
        }))
    }

    /// A read-only property: `obj.name`.
    public func property(_ name: String, _ get: @escaping (T) -> LuaValue) {
        properties[name] = get
    }
}

/// A method's body with its object's type erased: kept in a class, not as a closure in a generic
/// array, so calling it needs no reabstraction thunks (four of them per call, B1). The object is
/// the class's own (checked against its metatable before the call).
@usableFromInline
final class LuaMethodBody {
    let call: (AnyObject, LuaArguments, inout LuaResults) throws -> Void
    @usableFromInline init(_ call: @escaping (AnyObject, LuaArguments, inout LuaResults) throws -> Void) {
        self.call = call
    }
}

extension LuaState {
    /// Registers Swift type `T` under `name` (its `__name` in messages). Registering again is a no-op.
    ///
    /// The names are known at once (`classMembers(named:)`, messages); the metatable and its method
    /// functions are made when the first object of the type is wrapped (`wrap`), since scripts reach
    /// them only through an object: an engine registers some thirty classes at start and a script
    /// uses a few (B7). Wrapping runs in Swift frames, where allocation is never refused.
    public func register<T: AnyObject>(_ type: T.Type, name: String, _ build: (LuaClassBuilder<T>) -> Void) {
        let key = ObjectIdentifier(type)
        guard classNames[key] == nil, !isClosed else { return }
        let builder = LuaClassBuilder<T>()
        build(builder)
        classNames[key] = name
        // Loops, not `map`/`Array(_:)`: in this generic function those are the stdlib's unspecialized
        // generics, whose first call looks associated types up by a conformance scan (B7).
        var methodNames: [String] = []
        methodNames.reserveCapacity(builder.methods.count)
        for (methodName, _) in builder.methods { methodNames.append(methodName) }
        var propertyNames: [String] = []
        propertyNames.reserveCapacity(builder.properties.count)
        for propertyName in builder.properties.keys { propertyNames.append(propertyName) }
        classMembers[name] = (methodNames, propertyNames)   // sorted when read
        pendingClasses[key] = { state in state.makeMetatable(of: builder, key: key, name: name) }
    }

    /// The registry reference of the metatable of the class `key`, made now if it is still pending;
    /// nil for a class never registered.
    func classMetatable(_ key: ObjectIdentifier) -> Int32? {
        if let mt = classMetatables[key] { return mt }
        guard !isClosed, let make = pendingClasses.removeValue(forKey: key) else { return nil }
        make(self)
        return classMetatables[key]
    }

    private func makeMetatable<T: AnyObject>(of builder: LuaClassBuilder<T>, key: ObjectIdentifier, name: String) {
        let stack = StackGuard(activeL)
        defer { stack.restore() }
        let L = stack.L
        let mt = name.withCString { ctl_newclassmetatable(L, $0) }
        classMetatables[key] = mt
        let metatable = ctl_metatablepointer(L, mt)!
        let methods = newTable()
        for (methodName, body) in builder.methods {
            methods[methodName] = .function(makeFunction(name: methodName, isMethod: true) { args, results in
                let object = try args.object(1, metatable: metatable, name: name)
                try body.call(object, args, &results)
            })
        }
        push(.table(methods), on: L)
        if builder.properties.isEmpty {
            lua_pushnil(L)
        } else {
            let properties = builder.properties
            push(.function(makeFunction(name: "__index", isMethod: false) { args, results in
                let object = unsafeDowncast(try args.object(1, metatable: metatable, name: name), to: T.self)
                guard case .string(let key) = args[2], let get = properties[key.string] else { return try results.pushNil() }
                try results.push(get(object))
            }), on: L)
        }
        ctl_setclassindex(L, mt)
    }

    /// The method and property names of the registered class called `name` (what `getmetatable`
    /// returns for its userdata), for completion; nil for an unknown name.
    public func classMembers(named name: String) -> (methods: [String], properties: [String])? {
        classMembers[name].map { ($0.methods.sorted(), $0.properties.sorted()) }
    }

    /// The names of every class registered in this state, sorted (a walk over every binding).
    public var registeredClassNames: [String] { classMembers.keys.sorted() }

    /// Wraps a Swift object as a userdata of its registered class (the userdata retains it).
    public func wrap<T: AnyObject>(_ object: T, fields: [String: LuaValue] = [:]) -> LuaValue {
        guard let mt = classMetatable(ObjectIdentifier(T.self)) else {
            preconditionFailure("\(T.self) is not registered: call LuaState.register first")
        }
        return balanced { L in
            ctl_pushobject(L, Unmanaged.passRetained(object as AnyObject).toOpaque(), mt)
            if !fields.isEmpty {
                // Built on the stack: no registry references for a table only the userdata keeps.
                lua_createtable(L, 0, Int32(fields.count))
                for (k, v) in fields {
                    push(k, on: L)
                    push(v, on: L)
                    lua_rawset(L, -3)
                }
                _ = ctl_setobjectfields(L, -2)
            }
            return .userdata(LuaUserdata(state: self, index: -1, on: L))
        }
    }

    /// A new empty table.
    public func newTable(arrayCapacity: Int = 0, hashCapacity: Int = 0) -> LuaTable {
        balanced { L in
            lua_createtable(L, Int32(arrayCapacity), Int32(hashCapacity))
            return LuaTable(state: self, index: -1, on: L)
        }
    }

    /// A new table holding `values` at 1...n.
    public func newArray(_ values: [LuaValue]) -> LuaTable {
        let t = newTable(arrayCapacity: values.count)
        for (i, v) in values.enumerated() { t[i + 1] = v }
        return t
    }
}
