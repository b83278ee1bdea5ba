import Foundation
import JSON
import LuaRuntime
import OrderedCollections
import SystemKit

extension ProcessDefinition {
    /// Reads a process definition file; errors name the file and the JSON path.
    public static func load(path: String) throws(DefinitionError) -> ProcessDefinition {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch {
            throw DefinitionError(file: path, path: .root, message: "cannot read the file (\(error.problem))")
        }
        let json: JSONValue
        do { json = try JSONValue.decode(bytes) } catch {
            throw DefinitionError(file: path, path: .root, message: "\(error)")
        }
        return try ProcessDefinition(json: json, file: path)
    }

    /// Reads a process definition; errors name `file` (when given) and the JSON path.
    /// `fromLua`: the JSON came from a Lua table (an empty table may stand for an empty array).
    public init(json: JSONValue, file: String? = nil, fromLua: Bool = false) throws(DefinitionError) {
        try self.init(json, DefinitionReader(file: file, fromLua: fromLua), .root)
    }

    init(_ json: JSONValue, _ reader: DefinitionReader, _ path: SystemKit.JSONPath) throws(DefinitionError) {
        let o = try reader.object(json, path)
        try reader.known(o, ["name", "modal", "screens", "actions", "stepper", "processes"], path)
        name = try reader.string(o["name"], path.key("name"))
        isModal = try reader.bool(o["modal"], path.key("modal"), default: false)
        stepper = []
        if let steps = o["stepper"] {
            for (i, step) in try reader.array(steps, path.key("stepper")).enumerated() {
                let p = path.key("stepper").index(i)
                let s = try reader.object(step, p)
                try reader.known(s, ["title", "substeps"], p)
                stepper.append(StepperStep(title: try reader.string(s["title"], p.key("title")),
                                           substeps: try reader.optionalInt(s["substeps"], p.key("substeps")) ?? 1))
            }
        }
        actions = [:]
        for (actionName, value) in try reader.object(o["actions"] ?? .object([:]), path.key("actions")) {
            actions[actionName] = try ActionDefinition(actionName, value, reader, path.key("actions").key(actionName))
        }
        screens = []
        let screenList = try reader.array(o["screens"], path.key("screens"))
        guard !screenList.isEmpty else { throw reader.fail(path.key("screens"), "a process needs at least one screen") }
        for (i, screen) in screenList.enumerated() {
            screens.append(try ScreenDefinition(screen, reader, path.key("screens").index(i)))
        }
        processes = []
        if let nested = o["processes"] {
            for (i, process) in try reader.array(nested, path.key("processes")).enumerated() {
                processes.append(try ProcessDefinition(process, reader, path.key("processes").index(i)))
            }
        }
        try checkReferences(reader, path)
    }

    /// Ids are unique; buttons, components, transitions and stepper positions point at what exists.
    private func checkReferences(_ reader: DefinitionReader, _ path: SystemKit.JSONPath) throws(DefinitionError) {
        var screenIds: Set<String> = [], viewIds: Set<String> = [], validatable: Set<String> = []
        for (i, screen) in screens.enumerated() {
            let p = path.key("screens").index(i)
            guard screenIds.insert(screen.id).inserted else { throw reader.fail(p.key("id"), "duplicate screen id \(JSONWriter.quote(screen.id))") }
            var idsOnScreen: Set<String> = []
            let ids = screen.forms.flatMap { $0.fields.map(\.key) } + screen.components.map(\.id) + screen.buttons.map(\.id)
            for id in ids where !idsOnScreen.insert(id).inserted {
                throw reader.fail(p, "two views on this screen have the id \(JSONWriter.quote(id))")
            }
            viewIds.formUnion(idsOnScreen)
            validatable.formUnion(screen.forms.map(\.id) + screen.components.map(\.id))
            for (j, button) in screen.buttons.enumerated() where actions[button.action] == nil {
                throw reader.fail(p.key("buttons").index(j).key("action"), "no action named \(JSONWriter.quote(button.action)) in actions")
            }
            for (j, component) in screen.components.enumerated() {
                for name in component.actions where actions[name] == nil {
                    throw reader.fail(p.key("components").index(j).key("actions"), "no action named \(JSONWriter.quote(name)) in actions")
                }
            }
            if let step = screen.step {
                guard step <= stepper.count else {
                    throw reader.fail(p.key("step"), "step \(step) but the stepper has \(stepper.count) step(s)")
                }
                if let sub = screen.substep, sub > stepper[step - 1].substeps {
                    throw reader.fail(p.key("substep"), "substep \(sub) but step \(step) has \(stepper[step - 1].substeps)")
                }
            }
        }
        for (name, action) in actions.sorted(by: { $0.key < $1.key }) {
            let p = path.key("actions").key(name)
            for (k, transition) in action.transitions.enumerated() where transition.to != "end" && !screenIds.contains(transition.to) {
                let at = action.nextIsSingle ? p.key("next") : p.key("next").index(k).key("to")
                throw reader.fail(at, "no screen with id \(JSONWriter.quote(transition.to))")
            }
            for id in action.validate where !validatable.contains(id) {
                throw reader.fail(p.key("validate"), "no form or custom component with id \(JSONWriter.quote(id))")
            }
        }
    }
}

extension ScreenDefinition {
    init(_ json: JSONValue, _ reader: DefinitionReader, _ path: SystemKit.JSONPath) throws(DefinitionError) {
        let o = try reader.object(json, path)
        try reader.known(o, ["id", "title", "step", "substep", "analytics", "forms", "components", "buttons"], path)
        id = try reader.string(o["id"], path.key("id"))
        title = try reader.optionalString(o["title"], path.key("title"))
        step = try reader.optionalInt(o["step"], path.key("step"))
        substep = try reader.optionalInt(o["substep"], path.key("substep"))
        analytics = try o["analytics"].map { v throws(DefinitionError) in try AnalyticsSpec(v, reader, path.key("analytics")) }
        forms = []
        for (i, form) in try reader.array(o["forms"] ?? .array([]), path.key("forms")).enumerated() {
            forms.append(try FormDefinition(form, reader, path.key("forms").index(i)))
        }
        components = []
        for (i, value) in try reader.array(o["components"] ?? .array([]), path.key("components")).enumerated() {
            let p = path.key("components").index(i)
            let c = try reader.object(value, p)
            try reader.known(c, ["id", "identifier", "data", "actions", "inputs"], p)
            var names: [String] = [], inputs: [String] = []
            for (j, name) in try reader.array(c["actions"] ?? .array([]), p.key("actions")).enumerated() {
                names.append(try reader.string(name, p.key("actions").index(j)))
            }
            for (j, key) in try reader.array(c["inputs"] ?? .array([]), p.key("inputs")).enumerated() {
                inputs.append(try reader.string(key, p.key("inputs").index(j)))
            }
            if let data = c["data"], data.objectValue == nil, !inputs.isEmpty {
                throw reader.fail(p.key("data"), "expected an object (inputs are merged into it), got \(data.typeName)")
            }
            components.append(ComponentDefinition(id: try reader.string(c["id"], p.key("id")),
                                                  identifier: try reader.string(c["identifier"], p.key("identifier")),
                                                  data: c["data"] ?? .object([:]), actions: names, inputs: inputs))
        }
        buttons = []
        for (i, value) in try reader.array(o["buttons"] ?? .array([]), path.key("buttons")).enumerated() {
            let p = path.key("buttons").index(i)
            let b = try reader.object(value, p)
            try reader.known(b, ["id", "label", "action", "analytics"], p)
            buttons.append(ButtonDefinition(
                id: try reader.string(b["id"], p.key("id")), label: try reader.optionalString(b["label"], p.key("label")),
                action: try reader.string(b["action"], p.key("action")),
                analytics: try b["analytics"].map { v throws(DefinitionError) in try AnalyticsSpec(v, reader, p.key("analytics")) }))
        }
    }
}

extension AnalyticsSpec {
    init(_ json: JSONValue, _ reader: DefinitionReader, _ path: SystemKit.JSONPath) throws(DefinitionError) {
        let o = try reader.object(json, path)
        try reader.known(o, ["value", "customPayload"], path)
        value = try reader.string(o["value"], path.key("value"))
        customPayload = o["customPayload"] ?? .object([:])
    }
}

extension ActionDefinition {
    init(_ name: String, _ json: JSONValue, _ reader: DefinitionReader, _ path: SystemKit.JSONPath) throws(DefinitionError) {
        let o = try reader.object(json, path)
        try reader.known(o, ["type", "validate", "next", "process", "error"], path)
        self.name = name
        let type = try reader.optionalString(o["type"], path.key("type")) ?? "saveData"
        guard let kind = Kind(rawValue: type) else {
            throw reader.fail(path.key("type"), "unknown action type \(JSONWriter.quote(type)) (expected one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.kind = kind
        validate = []
        for (i, id) in try reader.array(o["validate"] ?? .array([]), path.key("validate")).enumerated() {
            validate.append(try reader.string(id, path.key("validate").index(i)))
        }
        transitions = []
        switch o["next"] {
        case nil, .null?: break
        case .string?:
            transitions = [Transition(when: nil, to: try reader.string(o["next"], path.key("next")))]
            nextIsSingle = true
        case .array(let list)?:
            for (i, t) in list.enumerated() {
                let p = path.key("next").index(i)
                let to = try reader.object(t, p)
                try reader.known(to, ["when", "to"], p)
                transitions.append(Transition(when: try to["when"].map { v throws(DefinitionError) in try reader.object(v, p.key("when")) },
                                              to: try reader.string(to["to"], p.key("to"))))
            }
        case let other?: throw reader.fail(path.key("next"), "expected a screen id or an array of transitions, got \(other.typeName)")
        }
        process = try reader.optionalString(o["process"], path.key("process"))
        if kind == .startProject, process == nil { throw reader.fail(path.key("process"), "missing (a startProject action names the process to start)") }
        error = try reader.optionalString(o["error"], path.key("error"))
    }
}
