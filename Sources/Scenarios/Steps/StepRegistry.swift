import JSON

/// What a scenario step is: the shape of its value and parameters, and who carries it out.
public struct StepDefinition: Sendable {
    /// Who runs the step.
    public enum Handler: Sendable {
        /// ``ScenarioDriver/runStep(name:value:step:)``.
        case driver
        /// The runner's own expectation check (`expect`).
        case expect
        /// Known but not implemented yet: fails the scenario with "unsupported step".
        case unsupported
        /// A handler of your own, run on the scenario's worker thread.
        case custom(@Sendable (any ScenarioDriver, ScenarioStep) throws -> Void)
    }

    public var name: String
    /// The shape of the command key's value.
    public var value: ValueShape
    /// Other keys allowed in the step object, with their shapes.
    public var parameters: [String: ValueShape]
    public var handler: Handler

    public init(name: String, value: ValueShape, parameters: [String: ValueShape] = [:], handler: Handler = .driver) {
        self.name = name
        self.value = value
        self.parameters = parameters
        self.handler = handler
    }
}

/// The steps a scenario may use, by name. Each system registers its own steps; a step that is
/// not registered at all is a load error, one registered as `.unsupported` fails when it runs.
public struct StepRegistry: Sendable {
    public private(set) var definitions: [String: StepDefinition] = [:]
    /// Allowed members of `setup`, with their shapes; systems add theirs.
    public var setupMembers: [String: ValueShape] = [:]

    /// An empty registry.
    public init() {}

    /// Adds or replaces a step.
    public mutating func register(_ definition: StepDefinition) { definitions[definition.name] = definition }

    public subscript(name: String) -> StepDefinition? { definitions[name] }

    /// The core steps (`deliver`, `tap`, `close`, `advance`, `relaunch`, `lua`, `expect`), the
    /// later systems' steps as unsupported placeholders, and the setup members of scenarios.md.
    public static var standard: StepRegistry {
        var registry = StepRegistry()
        let inapp: ValueShape = .custom { value, path in
            guard let object = value.objectValue else { return [(path, "expected an object, got \(value.typeName)")] }
            var problems: [(JSONPath, String)] = []
            for key in ["vars", "display", "custom_kv"] { if let member = object[key] { problems += ValueShape.object.check(member, at: path.key(key)) } }
            for key in ["wzrk_id", "templateName", "type"] { if let member = object[key] { problems += ValueShape.string.check(member, at: path.key(key)) } }
            if let member = object["priority"] { problems += ValueShape.number.check(member, at: path.key("priority")) }
            return problems
        }
        let deliver: ValueShape = .custom { value, path in
            if case .array = value { return ValueShape.arrayOf(inapp).check(value, at: path) }
            guard let object = value.objectValue else { return [(path, "expected an object or an array, got \(value.typeName)")] }
            guard let notifs = object["inapp_notifs"] else { return [] }
            return ValueShape.arrayOf(inapp).check(notifs, at: path.key("inapp_notifs"))
        }
        registry.register(StepDefinition(name: "deliver", value: deliver))
        registry.register(StepDefinition(name: "tap", value: .string))
        registry.register(StepDefinition(name: "close", value: .anyOf([.boolean, .string])))
        registry.register(StepDefinition(name: "advance", value: .nonNegativeNumber))
        registry.register(StepDefinition(name: "relaunch", value: .boolean))
        registry.register(StepDefinition(name: "lua", value: .string))
        registry.register(StepDefinition(name: "expect", value: Expectation.shape, handler: .expect))
        // Arrive with the traits, hooks and FlowX systems; they re-register these with `.driver`.
        registry.register(StepDefinition(name: "show", value: .object, handler: .unsupported))
        registry.register(StepDefinition(name: "page", value: .number, handler: .unsupported))
        registry.register(StepDefinition(name: "navigate", value: .string, parameters: ["from": .string], handler: .unsupported))
        registry.register(StepDefinition(
            name: "validate", value: .string, parameters: ["value": .any, "params": .array, "expect": .boolean],
            handler: .unsupported))
        registry.register(StepDefinition(name: "submit", value: .object, handler: .unsupported))
        registry.setupMembers = [
            "templates": .object, "plugins": .array, "screens": .array,
            "files": .objectOf(.anyOf([.string, .record(members: ["error": .string], required: ["error"])])),
            "tags": .object, "media": .object, "enumerations": .object, "build": .objectOf(.any),
        ]
        return registry
    }
}
