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
        let node = JSONReader(value: json).node
        let object = try node.object()
        var marks: [ScenarioMark] = []
        for mark in try node["marks"].optionalArray() ?? [] {
            do { marks.append(try ScenarioMark(json: try mark.any())) } catch { throw error.under(mark.path) }
        }
        let (file, relativePath, name) = (try node["file"].string(), try node["relativePath"].string(), try node["name"].string())
        let strict = try node["strict"].bool(default: false)
        guard object["scripts"] != nil || object["steps"] != nil else {
            self.init(relativePath: relativePath, file: file, name: name, body: .lua, marks: marks, strict: strict)
            return
        }
        var steps: [ScenarioStep] = []
        for step in try node["steps"].array() { steps.append(try ScenarioStep(step)) }
        self.init(relativePath: relativePath, file: file, name: name,
                  body: .steps(scripts: try node["scripts"].strings(), setup: node["setup"].value ?? .null, steps: steps),
                  marks: marks, strict: strict)
    }
}

extension ScenarioStep: JSONRepresentable {
    /// `{"index": 0, "name": "deliver", "step": {"deliver": {...}, ...parameters}}`.
    public var json: JSONValue { ["index": .integer(Int64(index)), "name": .string(name), "step": object] }

    public init(json: JSONValue) throws(LocatedProblem) { try self.init(JSONReader(value: json).node) }

    /// Reads a step at its place in a scenario's JSON form (problems name `steps[2].step`).
    init(_ node: JSONNode) throws(LocatedProblem) {
        let name = try node["name"].string()
        let step = try node["step"].object()
        guard let value = step[name] else { throw node["step"].problem("the step has no \(JSONWriter.quote(name)) member") }
        self.init(index: try node["index"].integer(), name: name, value: value, object: .object(step))
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
        let node = JSONReader(value: json).node
        _ = try node.object()
        self.init(maxMemory: try node["maxMemory"].optionalInteger(), maxInstructions: try node["maxInstructions"].optionalInteger(),
                  timeout: try node["timeout"].optionalNumber())
    }
}

extension SnapshotMode: JSONRepresentable {
    /// `{"update": false, "ci": true}`.
    public var json: JSONValue { ["update": .bool(update), "ci": .bool(ci)] }

    public init(json: JSONValue) throws(LocatedProblem) {
        let node = JSONReader(value: json).node
        _ = try node.object()
        self.init(update: try node["update"].bool(default: false), ci: try node["ci"].bool(default: false))
    }
}
