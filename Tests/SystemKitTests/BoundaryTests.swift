import Foundation
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
}
