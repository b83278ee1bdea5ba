import Testing
@testable import LuaRuntime

final class Counter {
    var value = 0
    let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void = {}) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

final class DeinitFlag { var count = 0 }

@Suite struct UserdataTests {
    func register(_ lua: LuaState) {
        lua.register(Counter.self, name: "Counter") { c in
            c.method("add") { counter, args in
                counter.value += Int(try args.integer(2))
                return [.integer(Int64(counter.value))]
            }
            c.property("value") { .integer(Int64($0.value)) }
        }
    }

    @Test func methodsAndPropertiesWork() throws {
        let lua = try LuaState()
        register(lua)
        let counter = Counter()
        lua.globals["c"] = lua.wrap(counter, fields: ["label": "clicks"])
        let r = try lua.run("c:add(2); c:add(3); return c.value, c.label, tostring(c):match('^Counter')")
        #expect(r[0].integerValue == 5)
        #expect(r[1].stringValue == "clicks")
        #expect(r[2].stringValue == "Counter")
        #expect(counter.value == 5)
    }

    @Test func badSelfAndBadArgumentsReadLikeLua() throws {
        let lua = try LuaState()
        register(lua)
        lua.globals["c"] = lua.wrap(Counter())
        let e1 = #expect(throws: LuaError.self) { try lua.run("c:add('x')", name: "=t") }
        #expect(e1?.message == "t:1: bad argument #1 to 'add' (number expected, got string)")
        let e2 = #expect(throws: LuaError.self) { try lua.run("c.add({}, 1)", name: "=t") }
        #expect(e2?.message == "t:1: calling 'add' on bad self (Counter expected, got table)")   // as luaL_argerror
    }

    /// A method borrows the state and its function (B1: `LuaArguments`/`LuaResults` retain nothing)
    /// and retains its object: a callback into Lua inside the method that collects garbage, drops
    /// every other reference, and (full policy, `debug`) runs the object's `__gc` by hand does not
    /// pull anything from under it; the object is inert afterwards, and errors still name the method.
    @Test func aMethodKeepsWhatItBorrowsThroughAHostileCallback() throws {
        let lua = try LuaState(policy: .full)
        defer { lua.close() }
        let released = DeinitFlag()
        lua.register(Counter.self, name: "Counter") { c in
            c.method("around", pushing: { counter, args, results in
                let label = try args.string(3)
                try args.function(2).call()
                counter.value += 1
                try results.push(label + ":" + String(counter.value))
                try results.push(try args.string(3))
            })
        }
        lua.globals["c"] = lua.wrap(Counter(onDeinit: { released.count += 1 }))
        let r = try lua.run("""
            local obj = c
            c = nil
            local a, b = obj:around(function()
              debug.getmetatable(obj).__gc(obj)    -- by hand, while the method runs
              collectgarbage(); collectgarbage()
              local junk = {} for i = 1, 1000 do junk[i] = ('s'):rep(i % 50) end
            end, "label")
            local ok, e = pcall(obj.around, obj, function() end, "x")
            return a, b, ok, e
            """, name: "=t")
        #expect(r[0].stringValue == "label:1")
        #expect(r[1].stringValue == "label")
        #expect(r[2].boolValue == false)
        #expect(r[3].stringValue?.contains("bad self") == true, "\(r[3])")
        #expect(released.count == 1)
        let e = #expect(throws: LuaError.self) {
            lua.globals["d"] = lua.wrap(Counter())
            try lua.run("d:around(function() end, 42)", name: "=t")
        }
        #expect(e?.message == "t:1: bad argument #2 to 'around' (string expected, got number)")
    }

    /// A class's metatable and method functions are made when its first object is wrapped; its
    /// names are known at once, and an object of another class is refused before and after.
    @Test func aClassIsMadeInLuaWhenItsFirstObjectIsWrapped() throws {
        let lua = try LuaState()
        register(lua)
        lua.register(DeinitFlag.self, name: "Flag") { c in c.property("count") { .integer(Int64($0.count)) } }
        let key = ObjectIdentifier(Counter.self)
        #expect(lua.classMetatables[key] == nil && lua.pendingClasses[key] != nil)
        #expect(lua.classMembers(named: "Counter")?.methods == ["add"])
        #expect(lua.registeredClassNames == ["Counter", "Flag"])
        let before = lua.memoryUsed
        lua.globals["f"] = lua.wrap(DeinitFlag())
        #expect(lua.memoryUsed > before)
        lua.globals["c"] = lua.wrap(Counter())
        #expect(lua.classMetatables[key] != nil && lua.pendingClasses[key] == nil)
        let e2 = #expect(throws: LuaError.self) { try lua.run("c.add(f, 1)", name: "=t") }
        #expect(e2?.message == "t:1: calling 'add' on bad self (Counter expected, got Flag)")
        #expect(try lua.run("c:add(4) return c.value, f.count").map(\.integerValue) == [4, 0])
        // Registering again changes nothing, before or after the metatable exists.
        lua.register(Counter.self, name: "Other") { _ in }
        #expect(lua.classMembers(named: "Other") == nil)
        #expect(try lua.run("return tostring(c):match('^Counter') ~= nil")[0].boolValue == true)
        guard case .userdata(let c) = lua.globals["c"], case .userdata(let f) = lua.globals["f"] else {
            Issue.record("not userdata")
            return
        }
        #expect(c.object(as: Counter.self) != nil && f.object(as: Counter.self) == nil)
    }

    @Test func objectsAreReleasedByGarbageCollection() throws {
        let flag = DeinitFlag()
        let lua = try LuaState()
        register(lua)
        lua.globals["make"] = .function(lua.function("make") { [unowned lua] _ in
            [lua.wrap(Counter { flag.count += 1 })]
        })
        try lua.run("for i = 1, 10 do make() end collectgarbage() collectgarbage()")
        #expect(flag.count == 10)
    }

    @Test func swiftErrorInsideCallbackReleasesEverything() throws {
        struct Failure: Error {}
        let flag = DeinitFlag()
        do {
            let lua = try LuaState()
            register(lua)
            lua.globals["outer"] = .function(lua.function("outer") { [unowned lua] args in
                let keep = Counter { flag.count += 1 }
                _ = lua.wrap(keep)
                _ = try args.function(1).call()   // Lua callback that calls `inner`, which throws
                return []
            })
            lua.globals["inner"] = .function(lua.function("inner") { _ in
                let local = Counter { flag.count += 1 }
                _ = local
                throw Failure()
            })
            #expect(throws: LuaError.self) { try lua.run("outer(function() inner() end)") }
            lua.close()
        }
        #expect(flag.count == 2)
    }

    @Test func coroutinesCanBeResumedLaterFromSwift() throws {
        let lua = try LuaState()
        var pending: LuaThread?
        lua.globals["wait"] = .function(lua.yieldingFunction("wait") { args in .yield([args[1]]) })
        let f = try lua.load("local x = wait('first'); local y = wait(x + 1); return x + y")
        let co = lua.newThread(f)
        pending = co
        guard case .yielded(let a) = try co.resume() else { Issue.record("no yield"); return }
        #expect(a.first?.stringValue == "first")
        guard case .yielded(let b) = try pending!.resume([.integer(10)]) else { Issue.record("no yield"); return }
        #expect(b.first?.integerValue == 11)
        guard case .returned(let c) = try pending!.resume([.integer(5)]) else { Issue.record("no return"); return }
        #expect(c.first?.integerValue == 15)
        #expect(!co.isResumable)
        #expect(throws: LuaError.self) { try co.resume() }
    }

    @Test func errorInsideCoroutineKeepsTraceback() throws {
        let lua = try LuaState()
        let co = lua.newThread(try lua.load("error('co failed')", name: "=co"))
        let error = #expect(throws: LuaError.self) { try co.resume() }
        #expect(error?.message == "co:1: co failed")
        #expect(error?.traceback != nil)
    }
}
