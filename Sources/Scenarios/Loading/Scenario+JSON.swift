import JSON

extension Scenario: JSONRepresentable {
    /// The scenario as the runner loaded and validated it (a `.lua` scenario has no
    /// `scripts`/`steps`): a worker runs exactly that, without reading the file again.
    ///
    ///     {"file": "/abs/a.json", "relativePath": "flows/a.json", "name": "banner",
    ///      "scripts": ["/abs/banner.lua"], "setup": {...},
    ///      "steps": [{"index": 0, "name": "deliver", "step": {"deliver": {...}}}, ...]}
    public var json: JSONValue {
        var object: JSONObject = ["file": .string(file), "relativePath": .string(relativePath), "name": .string(name)]
        if !marks.isEmpty { object["marks"] = .array(marks.map(\.json)) }
        if strict { object["strict"] = .bool(true) }
        if case .steps(let scripts, let setup, let steps) = body {
            object["scripts"] = .array(scripts.map { .string($0) })
            object["setup"] = setup
            object["steps"] = .array(steps.map(\.json))
        }
        return .object(object)
    }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        let file = try reader.string(object["file"], at: .root.key("file"))
        let relativePath = try reader.string(object["relativePath"], at: .root.key("relativePath"))
        let name = try reader.string(object["name"], at: .root.key("name"))
        var marks: [ScenarioMark] = []
        for (i, mark) in try reader.array(object["marks"] ?? [], at: .root.key("marks")).enumerated() {
            do { marks.append(try ScenarioMark(json: mark)) } catch { throw error.under(.root.key("marks").index(i)) }
        }
        let strict = try reader.bool(object["strict"], at: .root.key("strict"), default: false)
        guard object["scripts"] != nil || object["steps"] != nil else {
            self.init(relativePath: relativePath, file: file, name: name, body: .lua, marks: marks, strict: strict)
            return
        }
        var steps: [ScenarioStep] = []
        for (i, step) in try reader.array(object["steps"], at: .root.key("steps")).enumerated() {
            do { steps.append(try ScenarioStep(json: step)) } catch { throw error.under(.root.key("steps").index(i)) }
        }
        self.init(relativePath: relativePath, file: file, name: name,
                  body: .steps(scripts: try reader.strings(object["scripts"], at: .root.key("scripts")),
                               setup: object["setup"] ?? .null, steps: steps), marks: marks, strict: strict)
    }
}

extension ScenarioStep: JSONRepresentable {
    /// `{"index": 0, "name": "deliver", "step": {"deliver": {...}, ...parameters}}`.
    public var json: JSONValue { ["index": .integer(Int64(index)), "name": .string(name), "step": object] }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        let name = try reader.string(object["name"], at: .root.key("name"))
        let step = try reader.object(object["step"], at: .root.key("step"))
        guard let value = step[name] else { throw reader.problem("the step has no \(JSONWriter.quote(name)) member", at: .root.key("step")) }
        self.init(index: try reader.integer(object["index"], at: .root.key("index")), name: name, value: value, object: .object(step))
    }
}

extension ScenarioLimits: JSONRepresentable {
    /// `{"maxMemory": 67108864, "maxInstructions": 50000000, "timeout": 2}`, absent limits left out.
    public var json: JSONValue {
        var object: JSONObject = [:]
        if let maxMemory { object["maxMemory"] = .integer(Int64(maxMemory)) }
        if let maxInstructions { object["maxInstructions"] = .integer(Int64(maxInstructions)) }
        if let timeout { object["timeout"] = .double(timeout) }
        return .object(object)
    }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        self.init(maxMemory: try reader.optionalInteger(object["maxMemory"], at: .root.key("maxMemory")),
                  maxInstructions: try reader.optionalInteger(object["maxInstructions"], at: .root.key("maxInstructions")),
                  timeout: try reader.optionalNumber(object["timeout"], at: .root.key("timeout")))
    }
}

extension SnapshotMode: JSONRepresentable {
    /// `{"update": false, "ci": true}`.
    public var json: JSONValue { ["update": .bool(update), "ci": .bool(ci)] }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        self.init(update: try reader.bool(object["update"], at: .root.key("update"), default: false),
                  ci: try reader.bool(object["ci"], at: .root.key("ci"), default: false))
    }
}
