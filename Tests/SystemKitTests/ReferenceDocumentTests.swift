import Foundation
import Scenarios
import SystemKit
import Systems
import TestSupport
import Testing

/// The committed reference is what the code registers: `docs/reference.md` equals
/// `ctlua doc` byte for byte, and every LuaLS file it names exists.
struct ReferenceDocumentTests {
    @Test func theCommittedReferenceIsUpToDate() throws {
        let path = CLI.packageRoot.appendingPathComponent("docs/reference.md")
        let committed = try String(contentsOf: path, encoding: .utf8)
        let generated = ReferenceDocument.render(StepRegistry(catalog: .standard))
        let a = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let b = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] }
        #expect(committed == generated, """
            docs/reference.md is stale (run `scripts/ctlua doc --output docs/reference.md`); \
            first difference at line \((line ?? min(a.count, b.count)) + 1)
            """)
    }

    /// Users have only the repository: what they read never sends them outside it, and every
    /// relative link of the README and `docs/` leads to a file that exists.
    @Test func userDocumentationStaysInsideTheRepository() throws {
        let root = CLI.packageRoot
        let fm = FileManager.default
        var files = ["README.md"]
        for folder in ["docs", "types", "examples"] {
            let enumerator = try #require(fm.enumerator(atPath: root.appendingPathComponent(folder).path))
            for case let file as String in enumerator where file.hasSuffix(".md") || file.hasSuffix(".lua") {
                files.append(folder + "/" + file)
            }
        }
        #expect(files.contains("docs/scenarios.md") && files.contains("docs/lua-api.md") && files.contains("docs/cli.md"))
        let link = try NSRegularExpression(pattern: #"\]\(([^)#\s]+)(#[^)]*)?\)"#)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("../shared") && !text.contains("spec/"), "\(file) points outside the repository")
            guard file.hasSuffix(".md") else { continue }
            let folder = root.appendingPathComponent(file).deletingLastPathComponent()
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                #expect(fm.fileExists(atPath: folder.appendingPathComponent(target).path), "\(file): broken link \(target)")
            }
        }
    }

    @Test func everyEventTypeRecordedInTheSourcesIsDocumented() throws {
        let documented = Set(SystemCatalog.standard.eventTypes.map(\.type.name))
        let sources = CLI.packageRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var recorded: Set<String> = []
        // `transcript.append` records as `record` does (without giving the event back).
        let pattern = try NSRegularExpression(pattern: #"(?:record|transcript\.append)\(\s*"([a-z][a-z.]*)""#)
        // TestSupport's fake system is no system of the catalog: its events are the tests' own.
        for case let file as String in enumerator where file.hasSuffix(".swift") && !file.hasPrefix("TestSupport/") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                recorded.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(recorded.count > 10)
        #expect(recorded.subtracting(documented).sorted() == [], "recorded but not documented")
        #expect(documented.subtracting(recorded).sorted() == [], "documented but never recorded")
    }

    /// What the example scenarios really record: every event type and every field of it is in
    /// the reference (`action.triggered` was recorded on two lines, which a grep of `record("` missed).
    @Test func everyEventTypeAndFieldTheExamplesRecordIsDocumented() throws {
        let registry = StepRegistry(catalog: .standard)
        let root = CLI.packageRoot.path
        let scenarios = try Runner.load(paths: [root + "/examples/scenarios", root + "/examples/scenarios-failing"],
                                        registry: registry).get()
        var options = RunnerOptions()
        options.limits = ScenarioLimits(maxMemory: nil, maxInstructions: nil, timeout: 10)
        options.progress = false
        let results = Runner.execute(scenarios, options: options, registry: registry, output: RunnerOutput(stdout: { _ in }, stderr: { _ in }, isTerminal: false))
        var documented: [String: Set<String>] = [:]
        for (_, type) in SystemCatalog.standard.eventTypes {
            documented[type.name] = Set(type.fields.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "()`")) })
        }
        var missing: Set<String> = []
        var types: Set<String> = []
        for result in results {
            for event in result.transcript {
                types.insert(event.type)
                guard let fields = documented[event.type] else { missing.insert(event.type); continue }
                // `props...`, `(...)`: the event carries open-ended fields (a view's properties).
                if fields.contains(where: { $0.hasSuffix("...") }) { continue }
                for key in event.fields.keys where !fields.contains(key) { missing.insert("\(event.type).\(key)") }
            }
        }
        #expect(types.count > 40, "\(types.sorted())")
        #expect(types.contains("action.triggered"))
        #expect(missing.sorted() == [], "recorded by the examples but not in docs/reference.md")
    }

    @Test func everyModuleHasItsTypesFile() {
        for module in SystemCatalog.standard.modules {
            let file = module.typesFile ?? ""
            #expect(FileManager.default.fileExists(atPath: CLI.packageRoot.appendingPathComponent(file).path),
                    "\(module.name): \(file)")
        }
    }
}
