import Foundation
import Testing
import TestSupport

/// What a package that depends on ctlua gets from its manifest (`swift package dump-package`).
@Suite struct PackageManifestTests {
    static func manifest() throws -> [String: Any] {
        // A scratch folder of its own: `swift test` holds the lock of `.build` while it runs.
        let scratch = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try CLI.shell("swift package --scratch-path '\(scratch.path)' dump-package", directory: CLI.packageRoot)
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// SwiftPM refuses a versioned dependency ("the target 'X' in product 'Y' contains unsafe build
    /// flags") when a target of a library product, or a target it depends on, has `unsafeFlags`:
    /// none may, in any configuration.
    @Test func noTargetOfALibraryProductHasUnsafeFlags() throws {
        let manifest = try Self.manifest()
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0["name"] as? String ?? "", $0) })
        let products = try #require(manifest["products"] as? [[String: Any]])
        let libraries = products.filter { ($0["type"] as? [String: Any])?["library"] != nil }
        #expect(libraries.map { $0["name"] as? String } == ["CTLuaKit"], "one library product")
        var reachable: Set<String> = []
        var work = libraries.flatMap { $0["targets"] as? [String] ?? [] }
        while let name = work.popLast() {
            guard reachable.insert(name).inserted, let target = byName[name] else { continue }
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byNameDep = dependency["byName"] as? [Any], let dep = byNameDep.first as? String { work.append(dep) }
                if let targetDep = dependency["target"] as? [Any], let dep = targetDep.first as? String { work.append(dep) }
            }
        }
        #expect(reachable.isSuperset(of: ["CTLuaKit", "Engine", "LuaRuntime", "JSON", "Templates", "Traits", "Hooks", "FlowX", "Scenarios"]))
        for name in reachable.sorted() {
            let settings = byName[name]?["settings"] as? [[String: Any]] ?? []
            let unsafe = settings.filter { String(describing: $0["kind"] ?? "").contains("unsafeFlags") }
            #expect(unsafe.isEmpty, "\(name) has unsafe flags: \(unsafe)")
        }
        // The executable keeps its measured release flags.
        let executable = try #require(byName["ctlua"]?["settings"] as? [[String: Any]])
        #expect(executable.contains { String(describing: $0["kind"] ?? "").contains("unsafeFlags") })
    }

    @Test func systemLibrariesNameHomebrewBesideApt() throws {
        let targets = try #require(try Self.manifest()["targets"] as? [[String: Any]])
        for name in ["CLua", "CJansson"] {
            let providers = String(describing: targets.first { $0["name"] as? String == name }?["providers"] ?? "")
            #expect(providers.contains("apt") && providers.contains("brew"), "\(name): \(providers)")
        }
    }
}
