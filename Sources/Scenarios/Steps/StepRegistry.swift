import Engine
import JSON
import SystemKit

/// The steps, `setup` members and expectation keys a scenario may use: the core's and those of
/// every system of a catalog. Anything else is a load error listing the known names.
public struct StepRegistry: Sendable {
    /// The catalog the registry was built from.
    public let catalog: SystemCatalog
    /// Steps by name.
    public private(set) var definitions: [String: StepDefinition] = [:]
    /// `setup` members, in the order they are applied (the core's first).
    public private(set) var setupMembers: [SetupDefinition] = []
    /// `expect` keys (the core's first).
    public private(set) var expectationKeys: [ExpectationDefinition] = []

    /// The core's contributions plus every system's of `catalog`.
    public init(catalog: SystemCatalog) {
        self.catalog = catalog
        for step in CoreSteps.steps + catalog.systems.flatMap(\.steps) { register(step) }
        setupMembers = CoreSteps.setupMembers + catalog.systems.flatMap(\.setupMembers)
        expectationKeys = CoreSteps.expectationKeys + catalog.systems.flatMap(\.expectationKeys)
    }

    /// Adds or replaces a step.
    public mutating func register(_ definition: StepDefinition) { definitions[definition.name] = definition }

    public subscript(name: String) -> StepDefinition? { definitions[name] }

    /// Every step, the core's first, then by system in catalog order.
    public var orderedSteps: [StepDefinition] {
        let order = [nil] + catalog.systems.map { Optional($0.name) }
        return definitions.values.sorted { a, b in
            let (ia, ib) = (order.firstIndex(of: a.system) ?? order.count, order.firstIndex(of: b.system) ?? order.count)
            return ia != ib ? ia < ib : a.name < b.name
        }
    }

    /// The shape of `setup`: known members only.
    public var setupShape: ValueShape {
        .record(members: Dictionary(setupMembers.map { ($0.name, $0.shape) }, uniquingKeysWith: { a, _ in a }), required: [])
    }

    /// The shape of an `expect` value: known keys only, each of the right type.
    public var expectationShape: ValueShape {
        .record(members: Dictionary(expectationKeys.map { ($0.name, $0.shape) }, uniquingKeysWith: { a, _ in a }), required: [])
    }

    /// Decodes the inputs of a scenario's `setup` members and steps (their shapes already checked):
    /// `reader` is the scenario file's (so problems have lines and columns), or a reader of the
    /// scenario's JSON form in a worker. Every problem is returned, none thrown.
    public func decodeInputs(setup: JSONValue, setupPath: JSONPath = JSONPath.root.key("setup"), steps: [ScenarioStep],
                             reader: JSONReader) -> (inputs: ScenarioInputs, problems: [LocatedProblem]) {
        var inputs = ScenarioInputs()
        var problems: [LocatedProblem] = []
        if case .object(let members) = setup {
            for member in setupMembers {
                guard let value = members[member.name] else { continue }
                do { inputs.setup[member.name] = try member.decode(reader.node(value, at: setupPath.key(member.name))) } catch {
                    problems.append(error)
                }
            }
        }
        for step in steps {
            guard let definition = self[step.name] else { continue }
            let node = reader.node(step.object, at: step.path)
            do {
                switch definition.handler {
                case .expect: inputs.steps[step.index] = DecodedInput(try Expectation(node[step.name], registry: self))
                case .run: inputs.steps[step.index] = try definition.decode(node)
                }
            } catch {
                problems.append(error)
            }
        }
        return (inputs, problems)
    }

    /// The scenario's inputs: those decoded when it loaded, or decoded now (a scenario read back
    /// from its JSON form); the first problem is thrown.
    public func inputs(of scenario: Scenario) throws(LocatedProblem) -> ScenarioInputs {
        if let inputs = scenario.inputs { return inputs }
        guard case .steps(_, let setup, let steps) = scenario.body else { return ScenarioInputs() }
        let decoded = decodeInputs(setup: setup, steps: steps, reader: JSONReader(file: scenario.relativePath, value: .null))
        if let first = decoded.problems.first { throw first }
        return decoded.inputs
    }

    /// Names contributed twice by the core and the systems (empty for a sound catalog).
    public var conflicts: [String] {
        catalog.validate(coreSteps: CoreSteps.steps.map(\.name), coreSetup: CoreSteps.setupMembers.map(\.name),
                         coreExpectations: CoreSteps.expectationKeys.map(\.name))
    }
}
