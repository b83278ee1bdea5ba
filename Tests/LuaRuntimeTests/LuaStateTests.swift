import Testing
@testable import LuaRuntime

@Suite struct LuaStateTests {
    @Test func integersAndFloatsStayApart() throws {
        let lua = try LuaState()
        let r = try lua.run("return 1, 1.0, 2^53, 'a\\0b', true, nil")
        guard case .integer(1) = r[0], case .number(1.0) = r[1], case .number(9007199254740992) = r[2] else {
            Issue.record("got \(r)"); return
        }
        #expect(r[3].stringValue == "a\u{0}b")
        #expect(r[4].boolValue == true)
        #expect(r[5].isNil)
    }

    @Test func valuesRoundTripThroughLua() throws {
        let lua = try LuaState()
        let f = try lua.load("return ...")
        let t = lua.newTable()
        t["k"] = "v"
        let out = try f.call(.integer(7), .number(7.5), .string("x"), .table(t), .boolean(false))
        #expect(out.count == 5)
        #expect(out[0].integerValue == 7)
        #expect(out[1].doubleValue == 7.5)
        #expect(out[3].tableValue?["k"].stringValue == "v")
        #expect(out[3].tableValue?.identity == t.identity)
    }

    @Test func swiftFunctionsAreCallableWithCheckedArguments() throws {
        let lua = try LuaState()
        lua.globals["add"] = .function(lua.function("add") { args in
            [.integer(try args.integer(1) + args.integer(2))]
        })
        #expect(try lua.run("return add(2, 3)")[0].integerValue == 5)
        let error = #expect(throws: LuaError.self) { try lua.run("return add(2)", name: "=t") }
        #expect(error?.message == "t:1: bad argument #2 to 'add' (number expected, got no value)")
    }

    @Test func swiftErrorsBecomeLuaErrorsCatchableByPcall() throws {
        struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
        let lua = try LuaState()
        lua.globals["fail"] = .function(lua.function("fail") { _ in throw Boom() })
        let r = try lua.run("local ok, e = pcall(function() fail() end); return ok, e", name: "=t")
        #expect(r[0].boolValue == false)
        #expect(r[1].stringValue == "t:1: boom")
    }

    @Test func nestedErrorThroughSwiftCallbackKeepsTheValue() throws {
        let lua = try LuaState()
        lua.globals["callback"] = .function(lua.function("callback") { args in
            try args.function(1).call()
        })
        let error = #expect(throws: LuaError.self) {
            try lua.run("callback(function() error({code = 7}) end)")
        }
        guard case .runtime(_, _, .table(let t))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(t["code"].integerValue == 7)
    }

    @Test(arguments: [
        ("error(nil)", "(error object is a nil value)"),
        ("error({})", "(error object is a table value)"),
        ("error(setmetatable({}, {__tostring = function() return 'custom' end}))", "custom"),
        ("error(setmetatable({}, {__tostring = function() error('inner') end}))", "(error object is a table value)"),
        ("error('plain', 0)", "plain"),
        ("error(42)", "42"),
    ])
    func nonStringErrorsAreReported(code: String, message: String) throws {
        let lua = try LuaState()
        let error = #expect(throws: LuaError.self) { try lua.run(code) }
        #expect(error?.message == message)
        #expect(try lua.run("return 1 + 1")[0].integerValue == 2)
    }

    @Test func tracebackIsKept() throws {
        let lua = try LuaState()
        let error = #expect(throws: LuaError.self) {
            try lua.run("local function inner() error('deep') end\nlocal function outer() inner() end\nouter()", name: "@s.lua")
        }
        #expect(error?.message == "s.lua:1: deep")
        #expect(error?.traceback?.contains("in local 'inner'") == true || error?.traceback?.contains("inner") == true)
    }

    @Test func syntaxErrorsKnowWhenIncomplete() throws {
        let lua = try LuaState()
        let incomplete = #expect(throws: LuaError.self) { try lua.load("function f()", name: "=stdin") }
        guard case .syntax(_, true)? = incomplete else { Issue.record("\(String(describing: incomplete))"); return }
        let wrong = #expect(throws: LuaError.self) { try lua.load("x = = 1", name: "=stdin") }
        guard case .syntax(let m, false)? = wrong else { Issue.record("\(String(describing: wrong))"); return }
        #expect(m.hasPrefix("stdin:1:"))
    }
}

@Suite struct FastPathTests {
    @Test func call1ReturnsTheFirstResultAndKeepsTheStackBalanced() throws {
        let lua = try LuaState()
        let f = try lua.run("return function(x) return x * 2, 'ignored' end")[0].functionValue!
        for i in 0..<100 { #expect(try f.call1(.integer(Int64(i))).integerValue == Int64(i) * 2) }
        let g = try lua.run("return function() end")[0].functionValue!
        #expect(try g.call1(.nil).isNil)
        let h = try lua.run("return function(x) error('bad ' .. x) end", name: "=h")[0].functionValue!
        #expect(throws: LuaError.self) { try h.call1("input") }
        #expect(try f.call1(.integer(21)).integerValue == 42)
    }

    @Test func pushingFunctionsReturnResultsAndDropThemOnError() throws {
        struct Late: Error {}
        let lua = try LuaState()
        lua.globals["three"] = .function(lua.function("three", pushing: { args, results in
            try results.push("a")
            try results.push(Int64(2))
            try results.push(3.5)
        }))
        lua.globals["partial"] = .function(lua.function("partial", pushing: { args, results in
            try results.push("pushed before failing")
            throw Late()
        }))
        let many = lua.function("many", pushing: { args, results in
            for i in 0..<Int(try args.integer(1)) { try results.push(Int64(i)) }
        })
        lua.globals["many"] = .function(many)
        let r = try lua.run("return three()")
        #expect(r.count == 3 && r[0].stringValue == "a" && r[1].integerValue == 2 && r[2].doubleValue == 3.5)
        let e = try lua.run("local ok, e = pcall(function() return partial() end) return ok, e", name: "=p")
        #expect(e[0].boolValue == false)
        #expect(e[1].stringValue == "p:1: Late()")
        #expect(try lua.run("return select('#', many(500))")[0].integerValue == 500)
    }
}

@Suite struct LifetimeTests {
    @Test func aStateWithoutCloseIsFreedWhenTheLastReferenceGoes() throws {
        weak var weakState: LuaState?
        do {
            let lua = try LuaState()
            try lua.run("x = {1, 2, 3}")
            _ = lua.globals["string"]
            weakState = lua
        }
        #expect(weakState == nil)
    }

    @Test func referencesKeepTheirStateAliveAndStillWork() throws {
        var table: LuaTable?
        do {
            let lua = try LuaState()
            table = try lua.run("return {answer = 42}")[0].tableValue
        }
        #expect(table?["answer"].integerValue == 42)
    }
}
