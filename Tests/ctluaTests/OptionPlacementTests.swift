import Foundation
import SystemKit
import Systems
import TestSupport
import Testing

/// Every option of every subcommand, written after the subcommand and before it: it takes
/// effect in both places, or is a usage error (exit 2, `ctlua: ...`); never parsed and dropped
/// (`ctlua --sandbox run x.lua` once ran without the sandbox). The options come from the
/// commands' definitions (`ctlua --experimental-dump-help`) and the systems' run flags, so a
/// new option is walked without anyone listing it; an option without a probe fails the walk.
struct OptionPlacementTests {
    /// How to see that an option did something: the option, the rest of the command line, the
    /// files it runs on, and a shell wrapper (`{}` is the command).
    struct Probe {
        var option: [String]
        var rest: [String]
        var files: [String: String] = [:]
        var wrapper = "{}"
    }

    static let scenario = #"{"name": "ok", "steps": [{"advance": 1}]}"#
    static let tapScenario = #"{"name": "ok", "steps": [{"lua": "ui.show{id = 'ok', onTap = function() end}"}, {"tap": "ok"}]}"#
    static let wrongTree = #"""
        {"name": "tree", "steps": [
          {"show": {"experience": {"id": "00000000-0000-4000-8000-900000000101", "name": "E", "type": "mobile",
            "traits": [{"type": "@appcues/modal", "config": {"presentationStyle": "dialog"}},
                       {"type": "@appcues/skippable", "config": {"buttonAppearance": "hidden"}}],
            "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000601"}}]}}},
          {"expect": {"tree": {"kind": "wrapper", "children": [{"kind": "backdrop"}, {"kind": "body", "children": [
            {"kind": "container", "children": [{"kind": "step"}, {"kind": "close-button"}]}]}]}}}]}
        """#
    static let loop = "local s = 0 for i = 1, 3e7 do s = s + i end"
    static let smallLoop = "local s = 0 for i = 1, 1e5 do s = s + i end"
    static let busy = "local s = 0 for i = 1, 2e8 do s = s + i end"
    static let big = #"local x = string.rep("x", 20000000)"#
    static let templateDefinitions = #"{"Card": {"type": "template", "arguments": {"title": {"type": "string", "value": "t"}}}}"#

    /// The probes, by subcommand and option (without dashes).
    static let probes: [String: [String: Probe]] = [
        "run": [
            "sandbox": Probe(option: ["--sandbox"], rest: ["s.lua"], files: ["s.lua": "print(io ~= nil)"]),
            "max-memory": Probe(option: ["--max-memory", "10000000"], rest: ["s.lua"], files: ["s.lua": big]),
            "max-instructions": Probe(option: ["--max-instructions", "1000"], rest: ["s.lua"], files: ["s.lua": smallLoop]),
            "timeout": Probe(option: ["--timeout", "0.3"], rest: ["s.lua"],
                             files: ["s.lua": "local t = os.clock() while os.clock() - t < 2 do end"]),
            "state-dir": Probe(option: ["--state-dir", "sd"], rest: ["s.lua"], files: ["s.lua": "print(1)"]),
            "debug-build": Probe(option: ["--debug-build"], rest: ["--test-user", "s.lua"],
                                 files: ["s.lua": "print((pcall(templates.syncPayload)))"]),
            "test-user": Probe(option: ["--test-user"], rest: ["--debug-build", "s.lua"],
                               files: ["s.lua": "print((pcall(templates.syncPayload)))"]),
        ],
        "test": [
            "jobs": Probe(option: ["--jobs", "0"], rest: ["a.json"], files: ["a.json": scenario]),
            "shard": Probe(option: ["--shard", "2/2"], rest: ["."], files: ["a.json": scenario, "b.json": scenario]),
            "filter": Probe(option: ["--filter", "nothing"], rest: ["a.json"], files: ["a.json": scenario]),
            "junit": Probe(option: ["--junit", "out.xml"], rest: ["a.json"], files: ["a.json": scenario]),
            "json": Probe(option: ["--json", "out.json"], rest: ["a.json"], files: ["a.json": scenario]),
            "coverage": Probe(option: ["--coverage", "cov.info"], rest: ["a.json"], files: ["a.json": scenario]),
            // Project scripts no scenario loaded count at 0 hits unless the glob leaves them out.
            "coverage-include": Probe(option: ["--coverage-include", "none"], rest: ["--coverage", "cov.info", "a.json"],
                                      files: ["a.json": scenario, "lib.lua": "return 1\n"]),
            "tap": Probe(option: ["--tap"], rest: ["a.json"], files: ["a.json": scenario]),
            "report": Probe(option: ["--report", "rep"], rest: ["a.json"], files: ["a.json": scenario]),
            // A failure inside a `tree` pattern: the whole pattern's line diff only with --verbose.
            "verbose": Probe(option: ["--verbose"], rest: ["a.json"], files: ["a.json": wrongTree]),
            // A scenario with a warning (an unknown validator): passes, fails under --strict.
            "strict": Probe(option: ["--strict"], rest: ["a.json"],
                            files: ["a.json": #"{"name": "w", "steps": [{"validate": "emial", "value": "x", "expect": true}]}"#]),
            // GitHub annotations of the warning after the report
            "reporter": Probe(option: ["--reporter", "github"], rest: ["a.json"],
                              files: ["a.json": #"{"name": "w", "steps": [{"validate": "emial", "value": "x", "expect": true}]}"#]),
            // JUnit without its time attributes
            "no-times": Probe(option: ["--no-times"], rest: ["--junit", "out.xml", "a.json"], files: ["a.json": scenario]),
            "trace": Probe(option: ["--trace", "tr"], rest: ["a_test.lua"], files: ["a_test.lua": "error('no')"]),
            "trace-all": Probe(option: ["--trace-all"], rest: ["--trace", "tr", "a.json"], files: ["a.json": scenario]),
            "update-snapshots": Probe(
                option: ["--update-snapshots"], rest: ["a.json"],
                files: ["a.json": #"{"name": "s", "steps": [{"expect": {"snapshot": "x"}}]}"#,
                        "__snapshots__/a.snap.json": #"{"x": []}"#]),
            // Watching: still running once the first run has reported (then killed), else ended.
            "watch": Probe(option: ["--watch"], rest: ["a.json"], files: ["a.json": scenario], wrapper: """
                           {} > out.txt 2> err.txt & p=$!
                           for i in $(seq 600); do grep -qs passed out.txt && break; [ -s err.txt ] && break; sleep 0.05; done
                           sleep 0.3; kill -9 $p 2>/dev/null; wait $p; s=$?; cat out.txt; cat err.txt >&2; rm out.txt err.txt; exit $s
                           """),
            "max-memory": Probe(option: ["--max-memory", "10000000"], rest: ["a_test.lua"], files: ["a_test.lua": big]),
            "max-instructions": Probe(option: ["--max-instructions", "1000"], rest: ["a_test.lua"], files: ["a_test.lua": smallLoop]),
            "timeout": Probe(option: ["--timeout", "0.2"], rest: ["--max-instructions", "0", "a_test.lua"], files: ["a_test.lua": loop]),
            "max-address-space": Probe(option: ["--max-address-space", "1000"], rest: ["a.json"], files: ["a.json": scenario]),
            // Workers are child processes: count them while a scenario runs.
            "no-workers": Probe(option: ["--no-workers"], rest: ["--jobs", "1", "--max-instructions", "0", "a_test.lua"],
                                files: ["a_test.lua": busy],
                                wrapper: """
                                {} > /dev/null & p=$!; c=0
                                for i in $(seq 600); do
                                  c=$(pgrep -P $p | wc -l); [ $c -gt 0 ] && break
                                  [ -e /proc/$p ] || break; grep -q ') Z ' /proc/$p/stat 2>/dev/null && break; sleep 0.05
                                done
                                echo children=$c; wait $p
                                """),
        ],
        "check": [
            "policy": Probe(option: ["--policy", "full"], rest: ["s.lua"], files: ["s.lua": "assert(io)"]),
            "strict": Probe(option: ["--strict"], rest: ["p.json"], files: ["p.json": #"{"name": "p", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "k", "validators": [{"name": "nope"}]}]}]}]}"#]),
            "reporter": Probe(option: ["--reporter", "github"], rest: ["p.json"], files: ["p.json": #"{"name": "p", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [{"key": "k", "validators": [{"name": "nope"}]}]}]}]}"#]),
            "max-memory": Probe(option: ["--max-memory", "10000000"], rest: ["s.lua"], files: ["s.lua": big]),
            "max-instructions": Probe(option: ["--max-instructions", "1000"], rest: ["s.lua"], files: ["s.lua": smallLoop]),
            "timeout": Probe(option: ["--timeout", "0.2"], rest: ["--max-instructions", "0", "s.lua"], files: ["s.lua": loop]),
        ],
        "render": [
            "step": Probe(option: ["--step", "-1"], rest: ["a.json"], files: ["a.json": tapScenario]),
            "out": Probe(option: ["--out", "s.svg"], rest: ["a.json"], files: ["a.json": tapScenario]),
            "text": Probe(option: ["--text"], rest: ["a.json"], files: ["a.json": tapScenario]),
        ],
        "doc": [
            "output": Probe(option: ["--output", "ref.md"], rest: []),
            "check": Probe(option: ["--check", "ref.md"], rest: [], files: ["ref.md": "old\n"]),
        ],
        "init": [
            "force": Probe(option: ["--force"], rest: ["."], files: [".luacheckrc": "old\n"]),
        ],
        "sync": [
            "debug": Probe(option: ["--debug"], rest: ["--test-user", "d.json"], files: ["d.json": templateDefinitions]),
            "test-user": Probe(option: ["--test-user"], rest: ["--debug", "d.json"], files: ["d.json": templateDefinitions]),
            "pretty": Probe(option: ["--pretty"], rest: ["--debug", "--test-user", "d.json"], files: ["d.json": templateDefinitions]),
        ],
    ]

    /// A command line each subcommand runs successfully with: a root option it does not apply
    /// is then the only reason for a refusal.
    static let valid: [String: Probe] = [
        "run": Probe(option: [], rest: ["s.lua"], files: ["s.lua": "print(1)"]),
        "test": Probe(option: [], rest: ["a.json"], files: ["a.json": scenario]),
        "doc": Probe(option: [], rest: []),
        "init": Probe(option: [], rest: ["."]),
        "sync": Probe(option: [], rest: ["--debug", "--test-user", "d.json"], files: ["d.json": templateDefinitions]),
        "check": Probe(option: [], rest: ["d.json"], files: ["d.json": templateDefinitions]),
        "render": Probe(option: [], rest: ["a.json"], files: ["a.json": tapScenario]),
        "help": Probe(option: [], rest: ["test"]),
    ]

    /// A value for each option of the root (`ctlua`'s own options, shared with some subcommands).
    static let rootValues: [String: [String]] = [
        "e": ["-e", "print(1)"], "sandbox": ["--sandbox"], "max-memory": ["--max-memory", "10000000"],
        "max-instructions": ["--max-instructions", "1000"], "timeout": ["--timeout", "5"], "state-dir": ["--state-dir", "sd"],
    ]

    /// The commands and their options as the binary defines them: (root options, [subcommand: options]).
    static func definitions() throws -> (root: [String], subcommands: [String: [String]]) {
        let dump = try CLI.run(["--experimental-dump-help"])
        let json = try #require(JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let root = try #require(json["command"] as? [String: Any])
        func options(_ command: [String: Any]) -> [String] {
            ((command["arguments"] as? [[String: Any]]) ?? []).compactMap { argument in
                guard argument["kind"] as? String != "positional",
                      let name = (argument["names"] as? [[String: Any]])?.last?["name"] as? String,
                      !["help", "version"].contains(name) else { return nil }
                return name
            }
        }
        var subcommands: [String: [String]] = [:]
        for sub in (root["subcommands"] as? [[String: Any]]) ?? [] {
            subcommands[sub["commandName"] as? String ?? "?"] = options(sub)
        }
        // `preview` passes every argument to ctlua-preview, a separate executable (PreviewCommandTests).
        subcommands.removeValue(forKey: "preview")
        // `run` parses its own options (ctlua's, plus the systems' run flags).
        subcommands["run", default: []] += SystemCatalog.standard.runFlags.map(\.name)
        return (options(root), subcommands)
    }

    /// Status, output and the files left in `directory`, with durations blurred.
    static func observe(_ subcommand: String, _ arguments: [String], _ probe: Probe?, in directory: URL) throws -> (status: Int32, text: String) {
        let fm = FileManager.default
        try? fm.removeItem(at: directory)
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        try TemporaryFolder.write(probe?.files ?? [:], into: directory)
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let command = (probe?.wrapper ?? "{}").replacingOccurrences(of: "{}", with: "\"$CTLUA\" " + quoted)
        let result = try CLI.shell(command, environment: ["CTLUA": CLI.executable.path, "CI": "", "NO_COLOR": "1"],
                                   directory: directory)
        var text = "status \(result.status)\nstdout \(result.stdout)\nstderr \(result.stderr)\n"
        let files = (fm.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).sorted()
        for file in files {
            let contents = (try? String(contentsOfFile: directory.appendingPathComponent(file).path, encoding: .utf8)) ?? "<folder>"
            text += "file \(file): \(contents)\n"
        }
        let blurred = text.replacingOccurrences(of: #"[0-9]+\.[0-9]+(e-?[0-9]+)?"#, with: "N", options: .regularExpression)
        return (result.status, blurred)
    }

    @Test func everyOptionAppliesWhereverWrittenOrIsAUsageError() throws {
        let (root, subcommands) = try Self.definitions()
        #expect(Set(root) == Set(Self.rootValues.keys), "a root option without a value in rootValues")
        #expect(Set(subcommands.keys).isSuperset(of: ["run", "test", "doc", "init", "sync", "check", "help"]))
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (subcommand, own) in subcommands.sorted(by: { $0.key < $1.key }) {
            let names = Set(own).union(root)
            for name in names.sorted() {
                let probe = Self.probes[subcommand]?[name]
                let option = probe?.option ?? Self.rootValues[name] ?? ["--\(name)"]
                let setup = probe ?? Self.valid[subcommand]
                let rest = setup?.rest ?? []
                let after = try Self.observe(subcommand, [subcommand] + option + rest, setup, in: directory)
                let before = try Self.observe(subcommand, option + [subcommand] + rest, setup, in: directory)
                let label = "ctlua \(subcommand) \(option.joined(separator: " "))"
                guard probe != nil else {
                    // No probe: only a root option the subcommand does not apply, refused in both places.
                    #expect(root.contains(name), "\(label): no probe shows what this option does; add one to `probes`")
                    let fine = try Self.observe(subcommand, [subcommand] + rest, Self.valid[subcommand], in: directory)
                    #expect(fine.status == 0, "ctlua \(subcommand) \(rest.joined(separator: " ")): \(fine.text)")
                    for (place, seen) in [("after", after), ("before", before)] {
                        #expect(seen.status == 2 && seen.text.contains("stderr ctlua: "), "\(label) (\(place)): \(seen.text)")
                    }
                    continue
                }
                let baseline = try Self.observe(subcommand, [subcommand] + rest, probe, in: directory)
                #expect(after.text != baseline.text, "\(label): the probe sees no effect\n\(after.text)")
                let refused = before.status == 2 && before.text.contains("stderr ctlua: ")
                if root.contains(name) {
                    #expect(before.text == after.text, "\(label): differs when written before `\(subcommand)`\n\(before.text)\n---\n\(after.text)")
                } else {
                    #expect(before.text == after.text || refused, "\(label): before `\(subcommand)` neither applies nor is refused\n\(before.text)")
                }
            }
        }
    }
}
