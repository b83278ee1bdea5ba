import LuaRuntime
import Testing

/// A declared table refuses what it does not declare, in Lua's bad-argument shape (issue 35, item 1).
@Suite struct LuaTableShapeTests {
    static let shape = LuaTableShape("Options", example: "f(TABLE)", fields: [.init("showLoader?", "boolean"), .init("name", "string")])

    /// Runs `code` with `f(t)` checking `t` against `shape` (argument 1), and returns its error.
    func error(_ code: String, shape: LuaTableShape = shape) throws -> String? {
        let lua = try LuaState()
        defer { lua.close() }
        lua.globals["f"] = .function(lua.function("f") { args in
            try shape.check(argument: 1, of: args)
            return [.boolean(true)]
        })
        return try lua.run("local ok, e = pcall(function() \(code) end) if not ok then return tostring(e) end").first?.stringValue
    }

    @Test func fieldsReadTheirOptionalMarkAsLuaLSWritesIt() {
        #expect(Self.shape.fields.map(\.name) == ["showLoader", "name"])
        #expect(Self.shape.fields.map(\.isOptional) == [true, false])
    }

    @Test func declaredKeysAndOtherValuesPass() throws {
        #expect(try error("f{showLoader = true, name = 'x'}") == nil)
        #expect(try error("f{}") == nil)
        #expect(try error("f(nil)") == nil)    // the binding decides about a missing table
        #expect(try error("f('text')") == nil)
    }

    @Test func aMisspeltKeyIsABadArgumentNamingItAndTheCloseKey() throws {
        #expect(try error("f{showLoadr = true}")?.hasSuffix(
            "bad argument #1 to 'f' (unknown key 'showLoadr' (did you mean 'showLoader'? known: name, showLoader))") == true)
        #expect(try error("f{colour = 1}")?.hasSuffix("bad argument #1 to 'f' (unknown key 'colour' (known: name, showLoader))") == true)
    }

    @Test func keysThatAreNotNamesAreRefusedUnlessTheTableIsAList() throws {
        #expect(try error("f{'a'}")?.contains("keys are names, got number (1)") == true)
        #expect(try error("f{[true] = 1}")?.contains("keys are names, got boolean") == true)
        let list = LuaTableShape("List", example: "f(TABLE)", isList: true, fields: [.init("n?", "integer")])
        #expect(try error("f{'a', 'b', n = 2}", shape: list) == nil)
        #expect(try error("f{[5] = 'a'}", shape: list)?.contains("keys are names") == true)
    }

    @Test func everyProblemIsListedSortedAndANestedTableNamesItsPlace() throws {
        let lua = try LuaState()
        defer { lua.close() }
        guard case .table(let t) = try lua.run("return {zeta = 1, nmae = 2, name = 3}").first else { Issue.record("no table"); return }
        let problems = Self.shape.problems(in: t, at: "template")
        #expect(problems.map(\.key) == ["nmae", "zeta"])
        #expect(problems.first?.message == "template: unknown key 'nmae' (did you mean 'name'? known: name, showLoader)")
    }

    @Test func aMetatableCannotHideAKey() throws {
        // Keys are read raw: __index/__pairs do not run and cannot hide or add keys.
        #expect(try error("f(setmetatable({showLoadr = 1}, {__pairs = function() return next, {} end}))")?.contains("showLoadr") == true)
        #expect(try error("f(setmetatable({}, {__index = function() error('ran') end}))") == nil)
    }
}
