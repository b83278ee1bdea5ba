import Engine
import Foundation
import JSON
import LuaRuntime
import OrderedCollections
import SystemKit

extension ProcessDefinition {
    /// Reads a process definition file; errors name the file and the JSON path.
    public static func load(path: String) throws(LocatedProblem) -> ProcessDefinition {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch {
            throw LocatedProblem(file: path, path: .root, message: error.isMissing ? "cannot read the file (no such file)" : "cannot read the file (\(error.problem))")
        }
        let reader = try JSONReader(file: path, bytes: bytes)
        return try ProcessDefinition(reader.root, reader, .root)
    }

    /// Reads a process definition; errors name `file` (when given) and the JSON path.
    /// `fromLua`: the JSON came from a Lua table (an empty table may stand for an empty array).
    public init(json: JSONValue, file: String? = nil, fromLua: Bool = false) throws(LocatedProblem) {
        try self.init(json, JSONReader(file: file, value: json, emptyObjectIsArray: fromLua), .root)
    }

    init(_ json: JSONValue, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        let o = try reader.object(json, at: path)
        try reader.known(o, ["name", "modal", "screens", "actions", "stepper", "processes"], at: path)
        name = try reader.string(o["name"], at: path.key("name"), nonEmpty: true)
        isModal = try reader.bool(o["modal"], at: path.key("modal"), default: false)
        stepper = []
        if let steps = o["stepper"] {
            for (i, step) in try reader.array(steps, at: path.key("stepper")).enumerated() {
                let p = path.key("stepper").index(i)
                let s = try reader.object(step, at: p)
                try reader.known(s, ["title", "substeps"], at: p)
                var step = StepperStep(title: try reader.string(s["title"], at: p.key("title"), nonEmpty: true), substeps: 1)
                if case .array(let subs)? = s["substeps"] {
                    guard !subs.isEmpty else { throw reader.problem("expected at least one substep", at: p.key("substeps")) }
                    step.substepTitles = try subs.enumerated().map { j, sub throws(LocatedProblem) in
                        let q = p.key("substeps").index(j)
                        let o = try reader.object(sub, at: q)
                        try reader.known(o, ["title"], at: q)
                        return try reader.optionalString(o["title"], at: q.key("title"))
                    }
                    step.substeps = subs.count
                    step.hasSubsteps = true
                } else if let count = try reader.optionalInt(s["substeps"], at: p.key("substeps")) {
                    step.substeps = count
                    step.hasSubsteps = true
                }
                stepper.append(step)
            }
        }
        actions = [:]
        for (actionName, value) in try reader.object(o["actions"] ?? .object([:]), at: path.key("actions")) {
            actions[actionName] = try ActionDefinition(actionName, value, reader, path.key("actions").key(actionName))
        }
        screens = []
        let screenList = try reader.array(o["screens"], at: path.key("screens"))
        guard !screenList.isEmpty else { throw reader.problem("a process needs at least one screen", at: path.key("screens")) }
        for (i, screen) in screenList.enumerated() {
            screens.append(try ScreenDefinition(screen, reader, path.key("screens").index(i)))
        }
        processes = []
        if let nested = o["processes"] {
            for (i, process) in try reader.array(nested, at: path.key("processes")).enumerated() {
                processes.append(try ProcessDefinition(process, reader, path.key("processes").index(i)))
            }
        }
        try checkReferences(reader, path)
    }

    /// Ids are unique; buttons, components, transitions and stepper positions point at what exists.
    private func checkReferences(_ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        var screenIds: Set<String> = [], viewIds: Set<String> = [], validatable: Set<String> = []
        for (i, screen) in screens.enumerated() {
            let p = path.key("screens").index(i)
            guard screenIds.insert(screen.id).inserted else { throw reader.problem("duplicate screen id \(JSONWriter.quote(screen.id))", at: p.key("id")) }
            var idsOnScreen: Set<String> = []
            let ids = screen.forms.flatMap { $0.fields.map(\.key) } + screen.components.map(\.id) + screen.buttons.map(\.id)
            for id in ids where !idsOnScreen.insert(id).inserted {
                throw reader.problem("two views on this screen have the id \(JSONWriter.quote(id))", at: p)
            }
            viewIds.formUnion(idsOnScreen)
            validatable.formUnion(screen.forms.map(\.id) + screen.components.map(\.id))
            for (j, button) in screen.buttons.enumerated() where actions[button.action] == nil {
                throw reader.problem("no action named \(JSONWriter.quote(button.action)) in actions", at: p.key("buttons").index(j).key("action"))
            }
            for (j, component) in screen.components.enumerated() {
                for name in component.actions where actions[name] == nil {
                    throw reader.problem("no action named \(JSONWriter.quote(name)) in actions", at: p.key("components").index(j).key("actions"))
                }
            }
            if let step = screen.step {
                guard step <= stepper.count else {
                    throw reader.problem("step \(step) but the stepper has \(stepper.count) step(s)", at: p.key("step"))
                }
                if let sub = screen.substep, sub > stepper[step - 1].substeps {
                    throw reader.problem("substep \(sub) but step \(step) has \(stepper[step - 1].substeps)", at: p.key("substep"))
                }
            }
        }
        for (name, action) in actions.sorted(by: { $0.key < $1.key }) {
            let p = path.key("actions").key(name)
            for (k, transition) in action.transitions.enumerated() where transition.to != "end" && !screenIds.contains(transition.to) {
                let at = action.nextIsSingle ? p.key("next") : p.key("next").index(k).key("to")
                throw reader.problem("no screen with id \(JSONWriter.quote(transition.to))", at: at)
            }
            for id in action.validate where !validatable.contains(id) {
                throw reader.problem("no form or custom component with id \(JSONWriter.quote(id))", at: p.key("validate"))
            }
        }
    }
}

extension ScreenDefinition {
    init(_ json: JSONValue, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        let o = try reader.object(json, at: path)
        try reader.known(o, ["id", "title", "step", "substep", "analytics", "forms", "components", "buttons"], at: path)
        id = try reader.string(o["id"], at: path.key("id"), nonEmpty: true)
        title = try reader.optionalString(o["title"], at: path.key("title"), nonEmpty: true)
        step = try reader.optionalInt(o["step"], at: path.key("step"))
        substep = try reader.optionalInt(o["substep"], at: path.key("substep"))
        analytics = try o["analytics"].map { v throws(LocatedProblem) in try AnalyticsSpec(v, reader, path.key("analytics")) }
        forms = []
        for (i, form) in try reader.array(o["forms"] ?? .array([]), at: path.key("forms")).enumerated() {
            forms.append(try FormDefinition(form, reader, path.key("forms").index(i)))
        }
        components = []
        for (i, value) in try reader.array(o["components"] ?? .array([]), at: path.key("components")).enumerated() {
            let p = path.key("components").index(i)
            let c = try reader.object(value, at: p)
            try reader.known(c, ["id", "identifier", "data", "actions", "inputs"], at: p)
            var names: [String] = [], inputs: [String] = []
            for (j, name) in try reader.array(c["actions"] ?? .array([]), at: p.key("actions")).enumerated() {
                names.append(try reader.string(name, at: p.key("actions").index(j), nonEmpty: true))
            }
            for (j, key) in try reader.array(c["inputs"] ?? .array([]), at: p.key("inputs")).enumerated() {
                inputs.append(try reader.string(key, at: p.key("inputs").index(j), nonEmpty: true))
            }
            if let data = c["data"], data.objectValue == nil, !inputs.isEmpty {
                throw reader.problem("expected an object (inputs are merged into it), got \(data.typeName)", at: p.key("data"))
            }
            components.append(ComponentDefinition(id: try reader.string(c["id"], at: p.key("id"), nonEmpty: true),
                                                  identifier: try reader.string(c["identifier"], at: p.key("identifier"), nonEmpty: true),
                                                  data: c["data"] ?? .object([:]), actions: names, inputs: inputs))
        }
        buttons = []
        for (i, value) in try reader.array(o["buttons"] ?? .array([]), at: path.key("buttons")).enumerated() {
            let p = path.key("buttons").index(i)
            let b = try reader.object(value, at: p)
            try reader.known(b, ["id", "label", "action", "analytics"], at: p)
            buttons.append(ButtonDefinition(
                id: try reader.string(b["id"], at: p.key("id"), nonEmpty: true), label: try reader.optionalString(b["label"], at: p.key("label"), nonEmpty: true),
                action: try reader.string(b["action"], at: p.key("action"), nonEmpty: true),
                analytics: try b["analytics"].map { v throws(LocatedProblem) in try AnalyticsSpec(v, reader, p.key("analytics")) }))
        }
    }
}

extension AnalyticsSpec {
    init(_ json: JSONValue, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        let o = try reader.object(json, at: path)
        try reader.known(o, ["value", "customPayload"], at: path)
        value = try reader.string(o["value"], at: path.key("value"), nonEmpty: true)
        customPayload = o["customPayload"] ?? .object([:])
    }
}

extension ActionDefinition {
    init(_ name: String, _ json: JSONValue, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        let o = try reader.object(json, at: path)
        try reader.known(o, ["type", "validate", "next", "process", "error"], at: path)
        self.name = name
        let type = try reader.optionalString(o["type"], at: path.key("type"), nonEmpty: true) ?? "saveData"
        guard let kind = Kind(rawValue: type) else {
            throw reader.problem("unknown action type \(JSONWriter.quote(type)) (expected one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))", at: path.key("type"))
        }
        self.kind = kind
        validate = []
        for (i, id) in try reader.array(o["validate"] ?? .array([]), at: path.key("validate")).enumerated() {
            validate.append(try reader.string(id, at: path.key("validate").index(i), nonEmpty: true))
        }
        transitions = []
        switch o["next"] {
        case nil, .null?: break
        case .string?:
            transitions = [Transition(when: nil, to: try reader.string(o["next"], at: path.key("next"), nonEmpty: true))]
            nextIsSingle = true
        case .array(let list)?:
            for (i, t) in list.enumerated() {
                let p = path.key("next").index(i)
                let to = try reader.object(t, at: p)
                try reader.known(to, ["when", "to"], at: p)
                transitions.append(Transition(when: try to["when"].map { v throws(LocatedProblem) in try reader.object(v, at: p.key("when")) },
                                              to: try reader.string(to["to"], at: p.key("to"), nonEmpty: true)))
            }
        case let other?: throw reader.problem("expected a screen id or an array of transitions, got \(other.typeName)", at: path.key("next"))
        }
        process = try reader.optionalString(o["process"], at: path.key("process"), nonEmpty: true)
        if kind == .startProject, process == nil { throw reader.problem("missing required key (a startProject action names the process to start)", at: path.key("process")) }
        error = try reader.optionalString(o["error"], at: path.key("error"), nonEmpty: true)
    }
}
