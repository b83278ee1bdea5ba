import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// Reads and validates scenario files, reporting every problem of a file, not just the first.
public struct ScenarioLoader: Sendable {
    public var registry: StepRegistry

    public init(registry: StepRegistry) { self.registry = registry }

    /// Loads one file: a `.lua` scenario as is, anything else as a JSON scenario.
    public func load(_ found: ScenarioDiscovery.Found) -> Result<Scenario, ScenarioLoadErrors> {
        let baseName = (found.file as NSString).lastPathComponent
        let stem = (baseName as NSString).deletingPathExtension
        if found.file.lowercased().hasSuffix(".lua") {
            guard FileManager.default.isReadableFile(atPath: found.file) else {
                return .failure(ScenarioLoadErrors([LocatedProblem(file: found.relativePath, message: "cannot read: not readable")]))
            }
            return .success(Scenario(relativePath: found.relativePath, file: found.file,
                                     name: ScenarioDiscovery.luaScenarioName(stem), body: .lua))
        }
        // The bounded reader: regular files up to FileBytes.limit (not a FIFO, not /dev/zero).
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(found.file) } catch {
            return .failure(ScenarioLoadErrors([LocatedProblem(file: found.relativePath, message: "cannot read: \(error.problem)")]))
        }
        return load(bytes: bytes, found: found, defaultName: stem)
    }

    /// Parses and validates JSON scenario text (also used by tests).
    public func load(bytes: [UInt8], found: ScenarioDiscovery.Found, defaultName: String) -> Result<Scenario, ScenarioLoadErrors> {
        let file = found.relativePath
        let reader: JSONReader
        do { reader = try JSONReader(file: file, bytes: bytes) } catch { return .failure(ScenarioLoadErrors([error] + Self.ruleNote(found))) }
        var validator = Validation(reader: reader)
        let directory = (found.file as NSString).deletingLastPathComponent
        let scenario = validate(reader.root, found: found, directory: directory, defaultName: defaultName, into: &validator)
        if !validator.errors.isEmpty { return .failure(ScenarioLoadErrors(validator.errors + Self.ruleNote(found))) }
        return .success(scenario)
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

    private static let topLevel: Set<String> = ["name", "description", "scripts", "setup", "steps"]

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
            v.add(JSONPath.root.key(key), "unknown key \(JSONWriter.quote(key)) (known: \(Self.topLevel.sorted().joined(separator: ", ")))")
        }
        if let value = object["name"] {
            if let string = value.stringValue { name = string } else { v.add(ValueShape.string.check(value, at: .root.key("name"))) }
        }
        if let value = object["description"] { v.add(ValueShape.string.check(value, at: .root.key("description"))) }
        if let value = object["scripts"] {
            let problems = ValueShape.arrayOf(.string).check(value, at: .root.key("scripts"))
            v.add(problems)
            if problems.isEmpty {
                for (i, item) in (value.arrayValue ?? []).enumerated() {
                    let relative = item.stringValue ?? ""
                    let path = ScenarioDiscovery.normalize(relative.hasPrefix("/") ? relative : directory + "/" + relative)
                    var isFolder: ObjCBool = false
                    if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
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
        if let value = object["setup"] {
            setup = value
            v.add(registry.setupShape.check(value, at: .root.key("setup")))
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
        return Scenario(relativePath: found.relativePath, file: found.file, name: name,
                        body: .steps(scripts: scripts, setup: setup, steps: steps))
    }

    private func validateStep(_ item: JSONValue, index: Int, into v: inout Validation) -> ScenarioStep? {
        let path = JSONPath.root.key("steps").index(index)
        guard let object = item.objectValue else {
            v.add(path, "a step is an object with one command such as {\"tap\": \"ok\"}, got \(item.typeName)")
            return nil
        }
        guard let (name, value) = object.elements.first else {
            v.add(path, "empty step: expected one command such as {\"tap\": \"ok\"}")
            return nil
        }
        guard let definition = registry[name] else {
            let known = registry.definitions.keys.sorted().joined(separator: ", ")
            v.add(path.key(name), "unknown step \(JSONWriter.quote(name)) (known: \(known))")
            return nil
        }
        var shape = definition.value
        if case .expect = definition.handler { shape = registry.expectationShape }
        var problems = shape.check(value, at: path.key(name))
        for (key, parameter) in object.elements.dropFirst() {
            if let shape = definition.parameters[key] {
                problems += shape.check(parameter, at: path.key(key))
            } else if registry[key] != nil {
                problems.append((path.key(key), "a step has one command: \(JSONWriter.quote(name)) and \(JSONWriter.quote(key)) are both in steps[\(index)]; split them into two steps"))
            } else {
                let known = definition.parameters.keys.sorted()
                let hint = known.isEmpty ? "it takes none" : "known: \(known.joined(separator: ", "))"
                problems.append((path.key(key), "unknown parameter \(JSONWriter.quote(key)) of step \(JSONWriter.quote(name)) (\(hint))"))
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
