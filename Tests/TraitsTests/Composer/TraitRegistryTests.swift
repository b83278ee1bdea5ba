import JSON
import Testing
@testable import Traits

/// The cases of the SDK's `TraitRegistryTests`, with the same outcomes.
@Suite struct TraitRegistryTests {
    final class PlainTrait: ConfigurableTrait {
        static let type = "@test/trait"
        let level: TraitLevel
        weak var metadataDelegate: TraitMetadataDelegate?
        init?(configuration: TraitConfiguration) { level = configuration.level }
    }

    @Test func register() throws {
        let registry = TraitRegistry()
        registry.register(PlainTrait.self)
        let instances = try registry.instances(for: [Experience.Trait(type: PlainTrait.type)], level: .group)
        #expect(instances.count == 1)
        #expect(instances.first?.level == .group)
    }

    @Test func unknownTrait() throws {
        let registry = TraitRegistry()
        registry.register(PlainTrait.self)
        #expect(try registry.instances(for: [Experience.Trait(type: "@unknown/trait")], level: .group).isEmpty)
    }

    @Test func duplicateTypeRegistrations() throws {
        var logged: [String] = []
        let registry = TraitRegistry { logged.append($0) }
        let first = registry.register(PlainTrait.self)
        let second = registry.register(PlainTrait.self)
        #expect(first)
        #expect(!second)
        #expect(try registry.instances(for: [Experience.Trait(type: PlainTrait.type)], level: .group).count == 1)
        #expect(logged == ["Trait of type @test/trait is already registered."])
    }

    // Beyond the SDK's cases.

    final class PickyTrait: ConfigurableTrait {
        static let type = "@test/picky"
        let level: TraitLevel
        weak var metadataDelegate: TraitMetadataDelegate?
        init?(configuration: TraitConfiguration) {
            guard configuration.config?["radius"]?.doubleValue != nil else { return nil }
            level = configuration.level
        }
    }

    @Test func rejectedConfigIsDropped() throws {
        let registry = TraitRegistry()
        registry.register(PickyTrait.self)
        let models = [Experience.Trait(type: "@test/picky", config: .object(["radius": .integer(4)])),
                      Experience.Trait(type: "@test/picky", config: .object(["color": .string("red")])),
                      Experience.Trait(type: "@test/picky")]
        #expect(try registry.instances(for: models, level: .step).count == 1)
    }

    @Test func firstRegistrationWins() throws {
        let registry = TraitRegistry()
        #expect(registry.register(type: "@test/x") { PickyTrait(configuration: $0) })
        #expect(!registry.register(type: "@test/x") { PlainTrait(configuration: $0) })
        let instances = try registry.instances(for: [Experience.Trait(type: "@test/x")], level: .step)
        #expect(instances.isEmpty, "the first factory (picky, no config) decides")
    }

    @Test func missingTypesAreResolvedOnDemand() throws {
        let registry = TraitRegistry()
        var asked: [String] = []
        registry.resolveMissing = { [unowned registry] type in
            asked.append(type)
            if type == PlainTrait.type { registry.register(PlainTrait.self) }
        }
        let models = [Experience.Trait(type: "@test/trait"), Experience.Trait(type: "@test/none"), Experience.Trait(type: "@test/trait")]
        #expect(try registry.instances(for: models, level: .experience).count == 2)
        #expect(asked == ["@test/trait", "@test/none"])
    }
}
