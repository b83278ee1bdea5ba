import Foundation
import LuaRuntime
import Systems
import SystemKit
import Testing
import TestSupport

/// Issue 35, item 1: one rule for ctlua's own Lua tables. Every module declares the tables its
/// functions read (`LuaModuleInfo.tables`); these tests walk the declarations of the standard
/// catalog: each table refuses a misspelt key naming it and the close key, accepts every declared
/// key, matches its LuaLS class in `types/`, and every installed function whose LuaLS parameters
/// take such a table has a declaration.
@Suite struct LuaModuleInfoTests {
    static var modules: [LuaModuleInfo] { SystemCatalog.standard.modules }

    /// A misspelling of `name` that the suggestion finds again: a letter dropped (`showLoadr`),
    /// or one added to a short name.
    static func misspelt(_ name: String) -> String {
        guard name.count >= 4 else { return name + "z" }
        var letters = Array(name)
        letters.remove(at: letters.count - 2)
        return String(letters)
    }

    /// Lua that runs `example` with `TABLE` replaced by `{[key] = true}` and returns its error, or
    /// `nil` when it ran.
    static func call(_ shape: LuaTableShape, key: String) -> String {
        let table = "{[\(luaString(key))] = true}"
        let code = shape.example.replacingOccurrences(of: "TABLE", with: table)
        return "local ok, err = pcall(function() \(code) end) if ok then return nil end return tostring(err)"
    }

    static func luaString(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

    static var shapes: [(module: String, shape: LuaTableShape)] {
        modules.flatMap { module in module.tables.map { (module.name, $0) } }
    }

    @Test func everyModuleOfASystemDeclaresItsTables() {
        for module in Self.modules where module.name != "app" && module.name != "ui" {
            #expect(!module.tables.isEmpty, "\(module.name) declares no table")
        }
        let names = Self.shapes.map(\.shape.name)
        #expect(Set(names).count == names.count, "a table declared twice: \(names)")
    }

    @Test(arguments: SystemCatalog.standard.modules.flatMap(\.tables).map(\.name))
    func aMisspeltKeyIsRefusedWithTheCloseKey(_ name: String) throws {
        let shape = try #require(Self.shapes.first { $0.shape.name == name }?.shape)
        let engine = try SystemCatalog.standard.makeEngine()
        for field in shape.fields {
            let typo = Self.misspelt(field.name)
            let error = try engine.run(Self.call(shape, key: typo)).first?.stringValue
            let message = try #require(error, "\(shape.example) with '\(typo)' ran")
            #expect(message.contains("unknown key '\(typo)' (did you mean '\(field.name)'? known: \(shape.keys.sorted().joined(separator: ", ")))"),
                    "\(shape.example) with '\(typo)': \(message)")
            if !shape.example.contains("{TABLE}") && !shape.example.contains("= TABLE") {
                #expect(message.contains("bad argument #"), "\(shape.example): \(message)")
            }
        }
    }

    @Test(arguments: SystemCatalog.standard.modules.flatMap(\.tables).map(\.name))
    func everyDeclaredKeyIsAccepted(_ name: String) throws {
        let shape = try #require(Self.shapes.first { $0.shape.name == name }?.shape)
        let engine = try SystemCatalog.standard.makeEngine()
        for field in shape.fields {
            let error = try engine.run(Self.call(shape, key: field.name)).first?.stringValue ?? ""
            #expect(!error.contains("unknown key"), "\(shape.example) with '\(field.name)': \(error)")
        }
    }

    /// The mistakes issue 35 found passing silently (or named without the typo), each now an error
    /// naming the typo and the key meant.
    @Test(arguments: [
        ("flowx.startProcess('p', {}, {showLoadr = true})", "showLoadr", "showLoader"),
        ("flowx.dataSource{dismissRequest = function() end}", "dismissRequest", "dismissRequested"),
        ("hooks.plugin{identifier = 'h', isFlowBlockr = true, execute = function() end}", "isFlowBlockr", "isFlowBlocker"),
        ("traits.register{type = '@a/b', decorateStp = function() end}", "decorateStp", "decorateStep"),
        ("templates.define{name = 'T', onPresnt = function() end}", "onPresnt", "onPresent"),
        ("traits.action{type = '@a/c', exectue = function() end}", "exectue", "execute"),
        ("json.encode({}, {indnet = 2})", "indnet", "indent"),
        ("app.configure{debugbuild = true}", "debugbuild", "debugBuild"),
        ("error(traits.error{description = 'x', recoverible = true})", "recoverible", "recoverable"),
    ])
    func theSilentMistakesOfTheIssueAreNamed(_ code: String, _ typo: String, _ meant: String) throws {
        let engine = try SystemCatalog.standard.makeEngine()
        let error = try engine.run("local ok, err = pcall(function() \(code) end) if ok then return nil end return tostring(err)").first?.stringValue
        let message = try #require(error, "\(code) ran")
        #expect(message.contains("unknown key '\(typo)' (did you mean '\(meant)'? known: "), "\(message)")
    }

    @Test func theDeclaredKeysAreTheFieldsOfTheLuaLSClass() throws {
        let types = try TypesFolder()
        for (module, shape) in Self.shapes {
            let fields = try #require(types.classes[shape.name], "\(module): no ---@class \(shape.name) in types/")
            let declared = shape.fields.map { TypesFolder.Field(name: $0.name, type: $0.type, isOptional: $0.isOptional) }
            #expect(declared.sorted() == fields.sorted(), "\(module): \(shape.name)")
        }
    }

    /// The classes of LuaLS parameters that are not ctlua's own option tables: data handed on as
    /// it is (SDK payloads, documents), or read by the JSON toolkit with `JSONReader.known`.
    static let notOptionTables: Set<String> = [
        "FlowXForm",              // a form definition: FormDefinition's JSONReader.known
        "FlowXAnalyticsEvent",    // an analytics event as the renderer collects it
        "FlowXEnumerationItem",   // server data, decoded as the SDK decodes it (unknown keys ignored)
        "InAppNotification",      // an in-app payload: SDK data
        "InAppResponse",          // a server response (`app.relaunch`, `app.foreground`, `templates.deliver`): SDK data
        "TraitsExperiment",       // an experiment, decoded as the SDK's model
    ]

    @Test func everyFunctionTakingATableHasADeclaration() throws {
        let types = try TypesFolder()
        let engine = try SystemCatalog.standard.makeEngine()
        let declared = Set(Self.shapes.map(\.shape.name))
        var missing: [String] = []
        for function in BindingInventory.functions(of: engine, modules: Self.modules.map(\.name)) {
            for type in types.parameters[function] ?? [] {
                if type.hasPrefix("{") && !type.contains("[string]") { missing.append("\(function): an inline table type \(type) (give it a class)") }
                for name in TypesFolder.tableClasses(in: type, classes: types.classes) where !declared.contains(name) && !Self.notOptionTables.contains(name) {
                    missing.append("\(function): \(name)")
                }
            }
        }
        #expect(missing.isEmpty, "option tables without a LuaTableShape: \(missing)")
    }
}

/// The LuaLS annotation files in `types/`: each class's fields, each function's parameter types.
struct TypesFolder {
    struct Field: Comparable, CustomStringConvertible {
        var name: String
        var type: String
        var isOptional: Bool
        static func < (a: Field, b: Field) -> Bool { a.name < b.name }
        var description: String { "\(name)\(isOptional ? "?" : "") \(type)" }
    }

    /// Closed classes (no `[string]` field) by name.
    var classes: [String: [Field]] = [:]
    /// `module.function` → the types of its parameters.
    var parameters: [String: [String]] = [:]

    init() throws {
        let folder = CLI.packageRoot.appendingPathComponent("types")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".lua") {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n").map(String.init)
            var current: String?
            var open = false
            var params: [String] = []
            for line in lines {
                if line.hasPrefix("---@class ") {
                    if let current, !open, classes[current] == nil { classes[current] = [] }
                    current = String(line.dropFirst(10).split(separator: " ")[0]).trimmingCharacters(in: CharacterSet(charactersIn: ":"))
                    open = false
                    continue
                }
                if let name = current, line.hasPrefix("---@field ") {
                    let (field, type) = Self.split(String(line.dropFirst(10)))
                    if field.hasPrefix("[") && !field.hasPrefix("[\"") { open = true; classes[name] = nil; continue }
                    if open { continue }
                    var fieldName = field, fieldType = type, optional = false
                    if fieldName.hasPrefix("[\"") { fieldName = String(fieldName.dropFirst(2).dropLast(2)) }
                    if fieldName.hasSuffix("?") { fieldName.removeLast(); optional = true }
                    if fieldType.hasSuffix("|nil") && !fieldType.hasPrefix("fun(") { fieldType.removeLast(4); optional = true }
                    classes[name, default: []].append(Field(name: fieldName, type: fieldType, isOptional: optional))
                    continue
                }
                current = nil
                if line.hasPrefix("---@param ") { params.append(Self.split(String(line.dropFirst(10))).type) }
                if line.hasPrefix("function "), let paren = line.firstIndex(of: "(") {
                    parameters[String(line[line.index(line.startIndex, offsetBy: 9)..<paren])] = params
                }
                if !line.hasPrefix("---") { params = [] }
            }
        }
    }

    /// `name type rest`: the name and the type (up to the first space outside brackets, a `fun(...): T` kept whole).
    static func split(_ text: String) -> (name: String, type: String) {
        let name = String(text.prefix { $0 != " " })
        var type = "", depth = 0
        for ch in text.dropFirst(name.count + 1) {
            if "({<[".contains(ch) { depth += 1 }
            if ")}>]".contains(ch) { depth -= 1 }
            if ch == " " && depth == 0 && !type.hasSuffix(":") && !type.hasSuffix(",") { break }
            type.append(ch)
        }
        return (name, type)
    }

    /// The closed classes (with fields) a parameter type names, lists included (`T[]`, `T|string`).
    static func tableClasses(in type: String, classes: [String: [Field]]) -> [String] {
        type.split(separator: "|").map { $0.replacingOccurrences(of: "[]", with: "").replacingOccurrences(of: "?", with: "") }
            .filter { classes[$0].map { !$0.isEmpty } ?? false }
    }
}
