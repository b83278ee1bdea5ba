import Foundation
import Engine
import JSON
import Scenarios
import SystemKit
import Systems
import TestSupport
import Testing

/// The architecture's boundaries, read from the sources.
struct BoundaryTests {
    static let root = CLI.packageRoot.appendingPathComponent("Sources")

    /// `import X` lines of every Swift file under `Sources/<module>`.
    private func imports(of module: String) throws -> [(file: String, module: String)] {
        let folder = Self.root.appendingPathComponent(module)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        var found: [(String, String)] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if let index = words.firstIndex(of: "import"), index + 1 < words.count,
                   words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" }) {
                    found.append(("\(module)/\(file)", String(words[index + 1])))
                }
            }
        }
        return found
    }

    /// Every system module: the modules the catalog target depends on, read from Package.swift.
    private var systemModules: [String] {
        get throws {
            let manifest = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
            let line = try #require(manifest.split(separator: "\n").first { $0.contains(#".target(name: "Systems""#) })
            let dependencies = line.split(separator: "[").last?.split(separator: "]").first ?? ""
            return dependencies.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
                .filter { $0 != "SystemKit" && !$0.isEmpty }
        }
    }

    @Test func engineScenariosSystemKitAndTheCLIImportNoSystemModule() throws {
        let systems = try systemModules
        #expect(systems.contains("Templates") && systems.count == SystemCatalog.standard.systems.count, "\(systems)")
        for module in ["Engine", "SystemKit", "Scenarios", "ctlua", "LuaRuntime", "JSON"] {
            for (file, imported) in try imports(of: module) {
                #expect(!systems.contains(imported), "\(file) imports the system module \(imported)")
            }
        }
        // The CLI reaches systems only through the catalog.
        #expect(try imports(of: "ctlua").contains { $0.module == "Systems" })
    }

    @Test func cStaysInCLuaSupportAndLuaCallsInTheRuntime() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.root.path))
        for case let file as String in enumerator {
            let module = String(file.split(separator: "/").first ?? "")
            if file.hasSuffix(".c") || file.hasSuffix(".h") {
                #expect(["CLuaSupport", "CLua", "CJansson", "CReadline"].contains(module), "C outside CLuaSupport: \(file)")
            }
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            if !["LuaRuntime", "JSON"].contains(module) {
                #expect(!text.contains("lua_") || !text.contains("import CLua"), "lua_* outside LuaRuntime/JSON: \(file)")
                #expect(!text.contains("import CLua"), "\(file) imports CLua")
            }
            if module != "JSON" { #expect(!text.contains("import CJansson"), "\(file) imports jansson") }
        }
    }

    @Test func theCatalogIsTheOnlyPlaceThatListsSystems() throws {
        let catalog = try String(contentsOf: Self.root.appendingPathComponent("Systems/Catalog.swift"), encoding: .utf8)
        for module in try systemModules { #expect(catalog.contains("import \(module)")) }
        #expect(SystemCatalog.standard.systems.first?.name == "templates")
    }

    /// The Swift files (or those ending in `suffixes`) of `Sources` (path below it, text), but
    /// those of the modules `excluded`.
    private func sources(excluding excluded: Set<String> = [], suffixes: [String] = [".swift"]) throws -> [(file: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.root.path))
        var found: [(String, String)] = []
        for case let file as String in enumerator where suffixes.contains(where: file.hasSuffix) {
            guard !excluded.contains(String(file.split(separator: "/").first ?? "")) else { continue }
            found.append((file, try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)))
        }
        return found
    }

    private func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    /// One JSON path type: `JSON.JSONPath`; no module declares a path type or a string path of its own.
    @Test func oneJSONPathType() throws {
        // Every module, JSON included: JSONPath is the only path type declared anywhere.
        let declared = try sources().flatMap { source in
            try matches(#"\b(struct|enum|class|typealias)\s+\w*Path\b"#, in: source.text).map { "\(source.file): \($0)" }
        }
        #expect(declared == ["JSON/JSONPath.swift: struct JSONPath"], "path types declared: \(declared)")
    }

    /// One parser entry point: JSON text is parsed by jansson, whose loaders (`json_load*`) are
    /// called once, in C (`ctl_json_decode_max`, behind the Lua `json` module and `ctl_json_decode`),
    /// and `ctl_json_decode` from one Swift place (`JSONValue.decode`); every other module reads
    /// text through `JSONDocument`.
    @Test func oneJSONParserEntryPoint() throws {
        var loaders: [String] = []
        for (file, text) in try sources(suffixes: [".swift", ".c", ".h"]) {
            loaders += try matches(#"\bjson_load\w*\s*\("#, in: text).map { _ in file }
        }
        #expect(loaders == ["CLuaSupport/ctl_json.c"], "jansson's loaders called from \(loaders)")
        var callers: [String] = []
        for (file, text) in try sources() {
            if text.contains("ctl_json_decode") { callers.append(file) }
            guard !file.hasPrefix("JSON/") else { continue }
            let parses = text.contains("JSONValue.decode("), lexes = text.contains(#"UInt8(ascii: "{")"#)
            #expect(!parses, "\(file) parses JSON without JSONDocument")
            // A hand-written JSON lexer compares bytes with JSON's brackets.
            #expect(!lexes, "\(file) lexes JSON itself")
        }
        #expect(callers == ["JSON/JSONValue+Decode.swift"])
    }

    /// One located problem: the six types it replaced are gone, and no error type outside JSON
    /// carries a line and column of its own (an error about a place in a file is a LocatedProblem;
    /// an error may name a JSON path, as a JSONPath).
    @Test func oneLocatedProblemType() throws {
        let gone = ["ScenarioLoadError", "HooksFileError", "ExperienceDecodingError", "DefinitionError",
                    "DefinitionProblem", "JSONSyntaxError", "PositionedJSONParser", "DefinitionReader", "DocumentPath"]
        for (file, text) in try sources(excluding: ["JSON"]) {
            for name in gone { #expect(try matches(#"\b\#(name)\b"#, in: text).isEmpty, "\(file) uses \(name)") }
            for declaration in try matches(#"(struct|enum)\s+\w+\s*:[^{]*\bError\b[^{]*\{[^}]*"#, in: text) {
                #expect(try matches(#"\b(line|column): Int\b|\bSourcePosition\b"#, in: declaration).isEmpty,
                        "\(file): an error type with a location of its own (use LocatedProblem): \(declaration.prefix(80))")
            }
        }
    }

    /// No error is recognised by its text: a message is matched neither by a variable holding an
    /// error's text nor against a message prefix such as `"templates: "` or `"Error: "`.
    @Test func noErrorIsMatchedByItsText() throws {
        /// The two places that read text written by another program, deciding nothing of ours:
        /// Lua says a chunk is incomplete only in its message (as lua.c reads it), and curl's
        /// stderr starts with its own name, which a download failure leaves out.
        let allowed = ["LuaRuntime/LuaState+Stack.swift": #"message.hasSuffix("<eof>")"#,
                       "Engine/HTTPFileFetcher.swift": #"reason.hasPrefix("curl: ")"#]
        // `contains(where:)` tests elements with a predicate, not text.
        let bySubject = #"\b(error|message|description|failure|reason)\w*(\??\.\w+)*\.(hasPrefix|hasSuffix|contains|range)\((?!where:)"#
        let byPrefix = #"\.(hasPrefix|hasSuffix|contains|range)\((of: )?"[^"]*: ""#
        for (file, text) in try sources() {
            for line in text.split(separator: "\n").map(String.init) {
                guard try !matches(bySubject, in: line).isEmpty || !matches(byPrefix, in: line).isEmpty else { continue }
                #expect(allowed[file].map { line.contains($0) } == true, "\(file) matches an error by its text: \(line)")
            }
        }
    }
}

/// Typed steps (#35): a handler receives its decoded input, never its step's JSON, and every
/// declaration's own example decodes through its input type.
struct TypedStepBoundaryTests {
    @Test func handlersAreGivenNoJSONOfTheirStep() throws {
        let engine = try SystemCatalog.standard.makeEngine()
        for (name, context) in [("StepContext", Mirror(reflecting: StepContext(engine: engine, directory: "/"))),
                                ("SetupContext", Mirror(reflecting: SetupContext(engine: engine, directory: "/")))] {
            #expect(!context.children.isEmpty)
            for child in context.children {
                let type = "\(Swift.type(of: child.value))"
                #expect(!type.contains("JSONValue") && !type.contains("OrderedDictionary"), "\(name).\(child.label ?? "?") is \(type)")
            }
        }
    }

    /// Decodes `example` (a JSON object) as `name`'s step object, setup or expect member.
    private func node(_ example: String, _ what: String) throws -> JSONNode {
        let reader = try JSONReader(file: what, bytes: Array(example.utf8))
        return reader.node
    }

    @Test func everyStepSetupMemberAndExpectationKeyDecodesItsExample() throws {
        let registry = StepRegistry(catalog: .standard)
        var decoded = 0
        for step in registry.orderedSteps {
            guard case .run = step.handler else { continue }
            let node = try node(step.example, "step \(step.name)")
            let problems = node.check(.record(members: [step.name: step.value].merging(step.parameters) { a, _ in a }, required: [step.name]))
            #expect(problems.isEmpty, "\(step.name)'s example does not have its shapes: \(problems)")
            #expect(throws: Never.self, "step \(step.name)") { _ = try step.decode(node) }
            decoded += 1
        }
        for member in registry.setupMembers {
            let node = try node(member.example, "setup \(member.name)")[member.name]
            #expect(node.check(member.shape).isEmpty, "setup.\(member.name)'s example does not have its shape")
            #expect(throws: Never.self, "setup.\(member.name)") { _ = try member.decode(node) }
            decoded += 1
        }
        for key in registry.expectationKeys {
            let node = try node(key.example, "expect \(key.name)")[key.name]
            #expect(node.check(key.shape).isEmpty, "expect.\(key.name)'s example does not have its shape")
            #expect(throws: Never.self, "expect.\(key.name)") { _ = try key.decode(node) }
            decoded += 1
        }
        #expect(decoded > 60, "\(decoded) declarations decoded")
    }
}
