import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// Reads and validates scenario files, reporting every problem of a file, not just the first.
public struct ScenarioLoader: Sendable {
    public var registry: StepRegistry {
        didSet { knownSteps = Self.knownSteps(registry) }
    }
    /// The step names, for "unknown step" problems: sorted once, not once per problem (a file of
    /// 48,000 unknown steps sorted them 48,000 times).
    private var knownSteps: KnownNames
    /// The folders of the run's paths: files a scenario names may lie in them (besides its own
    /// folder and the working folder; see `ScenarioLoader+Confinement.swift`).
    public var runFolders: [String]

    /// A loader for a run given `runPaths` (files or folders, as on the command line).
    public init(registry: StepRegistry, runPaths: [String] = []) {
        self.registry = registry
        self.knownSteps = Self.knownSteps(registry)
        self.runFolders = Self.runFolders(runPaths)
    }

    private static func knownSteps(_ registry: StepRegistry) -> KnownNames {
        KnownNames(registry.definitions.keys)
    }

    /// Loads one file: a `.lua` scenario as is, anything else as a JSON scenario (a
    /// parameterized scenario gives its first case).
    public func load(_ found: ScenarioDiscovery.Found) -> Result<Scenario, ScenarioLoadErrors> {
        loadAll(found).map { $0[0] }
    }

    /// Every scenario of a file: one, or one per case of a parameterized scenario (`cases`).
    public func loadAll(_ found: ScenarioDiscovery.Found) -> Result<[Scenario], ScenarioLoadErrors> {
        let baseName = (found.file as NSString).lastPathComponent
        let stem = (baseName as NSString).deletingPathExtension
        if found.file.lowercased().hasSuffix(".lua") {
            guard FileManager.default.isReadableFile(atPath: found.file) else {
                return .failure(ScenarioLoadErrors([LocatedProblem(file: found.relativePath, message: "cannot read: not readable")]))
            }
            return loadLua(found, stem: stem)
        }
        let reader: JSONReader
        switch found.document {
        case .success(let read): reader = read
        case .failure(let problem): return .failure(ScenarioLoadErrors([problem] + Self.ruleNote(found)))
        case nil:
            // POSIX reads: FileManager.contents(atPath:) leaks its buffer for an empty file (LeakSanitizer).
            let bytes: [UInt8]
            do { bytes = try FileBytes.read(found.file) } catch {
                return .failure(ScenarioLoadErrors([LocatedProblem(file: found.relativePath, message: "cannot read: \(error.problem)")]))
            }
            do { reader = try JSONReader(file: found.relativePath, bytes: bytes) } catch { return .failure(ScenarioLoadErrors([error] + Self.ruleNote(found))) }
        }
        return loadAll(reader, found: found, defaultName: stem)
    }

    /// Parses and validates JSON scenario text (also used by tests); a parameterized scenario gives its first case.
    public func load(bytes: [UInt8], found: ScenarioDiscovery.Found, defaultName: String) -> Result<Scenario, ScenarioLoadErrors> {
        loadAll(bytes: bytes, found: found, defaultName: defaultName).map { $0[0] }
    }

    /// Parses and validates JSON scenario text: every scenario it holds, or every problem.
    public func loadAll(bytes: [UInt8], found: ScenarioDiscovery.Found, defaultName: String) -> Result<[Scenario], ScenarioLoadErrors> {
        do { return loadAll(try JSONReader(file: found.relativePath, bytes: bytes), found: found, defaultName: defaultName) } catch {
            return .failure(ScenarioLoadErrors([error] + Self.ruleNote(found)))
        }
    }

    /// Validates a parsed JSON scenario: every scenario it holds, or every problem.
    func loadAll(_ reader: JSONReader, found: ScenarioDiscovery.Found, defaultName: String) -> Result<[Scenario], ScenarioLoadErrors> {
        var validator = Validation(reader: reader)
        let directory = (found.file as NSString).deletingLastPathComponent
        var caseValidator = Validation(reader: reader)
        let scenarios = expand(reader.root, validate: { root, caseName in
            var scenario = validate(root, found: found, directory: directory, defaultName: defaultName, into: &validator)
            if let caseName { scenario.name += " [\(caseName)]" }
            return scenario
        }, into: &caseValidator)
        // One problem of the scenario body is the same in every case: report it once.
        var seen: Set<String> = []
        let errors = (caseValidator.errors + validator.errors).filter { seen.insert($0.description).inserted }
        if !errors.isEmpty || scenarios.isEmpty { return .failure(ScenarioLoadErrors(Self.capped(errors, file: found.relativePath) + Self.ruleNote(found))) }
        return .success(scenarios)
    }

    /// The most problems reported for one file; the rest are counted in a last line (a hostile
    /// file with 48,000 unknown steps gives 100 lines and `and 47900 more problems`).
    public static let maxProblemsPerFile = 100

    /// `errors`, the first ``maxProblemsPerFile`` of them and a line counting the others.
    static func capped(_ errors: [LocatedProblem], file: String) -> [LocatedProblem] {
        guard errors.count > maxProblemsPerFile else { return errors }
        let more = errors.count - maxProblemsPerFile
        return Array(errors.prefix(maxProblemsPerFile))
            + [LocatedProblem(file: file, message: "and \(more) more problem\(more == 1 ? "" : "s") in this file")]
    }

    /// For a file found in a folder, a line saying which rule took it as a scenario (a file a
    /// system reads that the rule took by mistake is then plain to see).
    static func ruleNote(_ found: ScenarioDiscovery.Found) -> [LocatedProblem] {
        guard let rule = found.rule else { return [] }
        return [LocatedProblem(file: found.relativePath, message: "taken as a scenario by the folder rule: \(rule)")]
    }

    /// Collects problems, located by the reader.
    struct Validation {
        let reader: JSONReader
        var errors: [LocatedProblem] = []

        mutating func add(_ path: JSONPath, _ message: String) { errors.append(reader.problem(message, at: path)) }

        mutating func add(_ problems: [(JSONPath, String)]) { for (path, message) in problems { add(path, message) } }
    }

    private static let topLevel: Set<String> = ["name", "description", "scripts", "setup", "steps", "skip", "todo", "only", "strict", "cases", "include"]

    private func validate(_ root: JSONValue, found: ScenarioDiscovery.Found, directory: String, defaultName: String,
                          into v: inout Validation) -> Scenario {
        var steps: [ScenarioStep] = []
        var scripts: [String] = []
        var name = defaultName
        var setup: JSONValue = .null
        let placeholder = Scenario(relativePath: found.relativePath, file: found.file, name: name, body: .lua)
        guard let object = root.objectValue else {
            v.add(.root, "a scenario is a JSON object, got \(root.typeName)")
            return placeholder
        }
        for key in object.keys where !Self.topLevel.contains(key) {
            v.add(JSONPath.root.key(key), NameSuggestion.unknownKey(key, known: Self.topLevel, quote: JSONWriter.quote))
        }
        if let value = object["name"] {
            if let string = value.stringValue { name = string } else { v.add(ValueShape.string.check(value, at: .root.key("name"))) }
        }
        if let value = object["description"] { v.add(ValueShape.string.check(value, at: .root.key("description"))) }
        for key in ["skip", "todo", "only", "strict"] {
            if let value = object[key] { v.add((key == "only" || key == "strict" ? ValueShape.boolean : ScenarioMark.shape).check(value, at: .root.key(key))) }
        }
        if let value = object["scripts"] {
            let problems = ValueShape.arrayOf(.string).check(value, at: .root.key("scripts"))
            v.add(problems)
            if problems.isEmpty {
                for (i, item) in (value.arrayValue ?? []).enumerated() {
                    let relative = item.stringValue ?? ""
                    let path = ScenarioDiscovery.normalize(relative.hasPrefix("/") ? relative : directory + "/" + relative)
                    var isFolder: ObjCBool = false
                    if !isConfined(path, directory: directory) {
                        v.add(JSONPath.root.key("scripts").index(i), Self.outside(relative))
                    } else if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                        v.add(JSONPath.root.key("scripts").index(i), "script not found: \(path)")
                    } else if isFolder.boolValue {
                        v.add(JSONPath.root.key("scripts").index(i), "a folder, not a script: \(path)")
                    } else if !FileManager.default.isReadableFile(atPath: path) {
                        v.add(JSONPath.root.key("scripts").index(i), "script not readable: \(path)")
                    }
                    scripts.append(path)
                }
            }
        }
        let included = includes(object, directory: directory, into: &v)
        scripts = included.scripts + scripts
        if let value = object["setup"] {
            setup = value
            v.add(registry.setupShape.check(value, at: .root.key("setup")))
            if case .object(let own) = value, !included.setup.isEmpty { setup = .object(Self.merge(included.setup, own)) }
        } else if !included.setup.isEmpty {
            setup = .object(included.setup)
            v.add(registry.setupShape.check(setup, at: .root.key("include")))
        }
        guard let stepsValue = object["steps"] else {
            v.add(JSONPath.root.key("steps"), "missing required key (an array of steps)")
            return placeholder
        }
        guard let items = stepsValue.arrayValue else {
            v.add(JSONPath.root.key("steps"), "expected an array of steps, got \(stepsValue.typeName)")
            return placeholder
        }
        for (index, item) in items.enumerated() {
            if let step = validateStep(item, index: index, into: &v) { steps.append(step) }
        }
        confineNamedFiles(setup: setup, steps: steps, directory: directory, into: &v)
        var marks = ScenarioMark.marks(in: object, step: nil)
            + steps.flatMap { step in step.object.objectValue.map { ScenarioMark.marks(in: $0, step: step.index) } ?? [] }
        // `"only": true` on steps: the scenario runs those, and its other steps are skipped.
        let onlySteps = Set(steps.filter { $0.object["only"] == .bool(true) }.map(\.index))
        if !onlySteps.isEmpty {
            for step in steps where !onlySteps.contains(step.index) && !marks.contains(where: { $0.step == step.index }) {
                marks.append(ScenarioMark(kind: .skip, step: step.index, reason: "another step is marked only"))
            }
            marks.sort { ($0.step ?? -1) < ($1.step ?? -1) }
        }
        var scenario = Scenario(relativePath: found.relativePath, file: found.file, name: name,
                                body: .steps(scripts: scripts, setup: setup, steps: steps),
                                marks: marks, only: object["only"] == .bool(true), strict: object["strict"] == .bool(true))
        // Every value has its declared shape: decode each step's and member's input, once.
        if v.errors.isEmpty {
            let decoded = registry.decodeInputs(setup: setup, setupPath: JSONPath.root.key(object["setup"] != nil ? "setup" : "include"),
                                                steps: steps, reader: v.reader)
            v.errors += decoded.problems
            scenario.inputs = decoded.inputs
        }
        return scenario
    }

    /// Members any step may have besides its command.
    static let markKeys: Set<String> = ["skip", "todo", "only"]

    private func validateStep(_ item: JSONValue, index: Int, into v: inout Validation) -> ScenarioStep? {
        let path = JSONPath.root.key("steps").index(index)
        guard let object = item.objectValue else {
            v.add(path, "a step is an object with one command such as {\"tap\": \"ok\"}, got \(item.typeName)")
            return nil
        }
        // `skip`/`todo`/`only` may come first (`{"skip": "flaky", "tap": "ok"}`); alone, `{"todo": "..."}`
        // is a step still to write.
        let commands = object.elements.filter { !Self.markKeys.contains($0.key) }
        guard let (name, value) = commands.first else {
            if object.keys.contains("todo") {
                v.add(ScenarioMark.shape.check(object["todo"]!, at: path.key("todo")))
                return ScenarioStep(index: index, name: "todo", value: object["todo"]!, object: item)
            }
            v.add(path, "empty step: expected one command such as {\"tap\": \"ok\"}")
            return nil
        }
        guard let definition = registry[name] else {
            v.add(path.key(name), NameSuggestion.unknown("step", name, known: knownSteps, quote: JSONWriter.quote))
            return nil
        }
        var shape = definition.value
        if case .expect = definition.handler { shape = registry.expectationShape }
        var problems = shape.check(value, at: path.key(name))
        for (key, parameter) in object.elements where key != name {
            if Self.markKeys.contains(key) {
                problems += (key == "only" ? ValueShape.boolean : ScenarioMark.shape).check(parameter, at: path.key(key))
            } else if let shape = definition.parameters[key] {
                problems += shape.check(parameter, at: path.key(key))
            } else if registry[key] != nil {
                problems.append((path.key(key), "a step has one command: \(JSONWriter.quote(name)) and \(JSONWriter.quote(key)) are both in steps[\(index)]; split them into two steps"))
            } else {
                let context = " of step \(JSONWriter.quote(name))"
                problems.append((path.key(key), definition.parameters.isEmpty
                    ? "unknown parameter \(JSONWriter.quote(key))\(context) (it takes none)"
                    : NameSuggestion.unknown("parameter", key, context, known: definition.parameters.keys, quote: JSONWriter.quote)))
            }
        }
        v.add(problems)
        return problems.isEmpty ? ScenarioStep(index: index, name: name, value: value, object: item) : nil
    }
}

/// Every problem found in one or more scenario files.
public struct ScenarioLoadErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public var errors: [LocatedProblem]
    public init(_ errors: [LocatedProblem]) { self.errors = errors }
    /// One error per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
