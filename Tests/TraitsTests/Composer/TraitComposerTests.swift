import Foundation
import JSON
import Testing
@testable import Traits

/// The cases of the SDK's `TraitComposerTests`, with the same outcomes. The SDK checks XCTest
/// expectations (fulfilled once each, in order); these check the call log.
@Suite struct TraitComposerTests {
    let log = CallLog()
    let registry = TraitRegistry()
    var composer: TraitComposer { TraitComposer(registry: registry) }

    /// The five capabilities of a `TestTrait`, in the order the SDK's tests expect them.
    static let applicationOrder = ["stepDecorating", "containerCreating", "wrapperCreating", "containerDecorating", "backdropDecorating"]

    /// The first time each call of `tag` happened, in order (the SDK's expectations count once).
    func firstCalls(_ tag: String) -> [String] {
        var seen: [String] = []
        for call in log.calls where call.hasPrefix(tag + ":") {
            let what = String(call.dropFirst(tag.count + 1))
            if !seen.contains(what) { seen.append(what) }
        }
        return seen
    }

    /// The SDK tests' helper: group 0 with presenting + `@test/trait` twice, single step 1 with
    /// presenting + `@test/trait` at step level.
    static func makeTestExperience(tag: String? = nil, groupID: String = UUID().uuidString) -> Experience {
        Experience(id: "test", name: "test", steps: [
            .group(Experience.Group(id: groupID, children: [child("c0")], traits: [
                model("@test/presenting"), model("@test/trait", tag: tag), model("@test/trait", tag: tag),
            ])),
            .child(child("c1", traits: [model("@test/presenting"), model("@test/trait", tag: tag)])),
        ])
    }

    func registerBoth() {
        TestTrait.register(in: registry, log: log)
        TestPresentingTrait.register(in: registry, log: log)
    }

    @Test func experienceLevelTraitsApplied() throws {
        registerBoth()
        let experience = Experience(id: "test", traits: [model("@test/presenting"), model("@test/trait", tag: "t")],
                                    steps: [.child(child())])
        let package = try composer.package(experience: experience, stepIndex: .initial)
        try package.stepDecoratingTraitUpdater(0, nil)
        #expect(firstCalls("t") == Self.applicationOrder)
    }

    @Test func stepGroupLevelTraitsApplied() throws {
        registerBoth()
        let package = try composer.package(experience: Self.makeTestExperience(tag: "t"), stepIndex: .initial)
        try package.stepDecoratingTraitUpdater(0, nil)
        #expect(firstCalls("t") == Self.applicationOrder)
    }

    @Test func stepLevelTraitsApplied() throws {
        registerBoth()
        let stepIndex = Experience.StepIndex(group: 1, item: 0)
        let package = try composer.package(experience: Self.makeTestExperience(tag: "t"), stepIndex: stepIndex)
        try package.stepDecoratingTraitUpdater(stepIndex.item, nil)
        #expect(firstCalls("t") == Self.applicationOrder)
    }

    @Test func traitSpecificity() throws {
        TestTrait.register(in: registry, log: log)
        Test2Trait.register(in: registry, log: log)
        TestPresentingTrait.register(in: registry, log: log)
        let experience = Experience(id: "test", traits: [
            model("@test/presenting"), model("@test/trait", tag: "exp"), model("@test/trait-2", tag: "exp2"),
        ], steps: [
            .group(Experience.Group(id: "d9fbd360-2832-4c8e-a79e-c1731982f1f1", children: [child()],
                                    traits: [model("@test/trait", tag: "grp")])),
        ])
        let package = try composer.package(experience: experience, stepIndex: .initial)
        try package.stepDecoratingTraitUpdater(0, nil)
        // No experience-level @test/trait capability: the group defines the type.
        #expect(firstCalls("exp") == [])
        // @test/trait-2 decorates; its single slots are superseded by the group's trait.
        #expect(Set(firstCalls("exp2")) == ["stepDecorating", "containerDecorating", "backdropDecorating"])
        #expect(Set(firstCalls("grp")) == Set(Self.applicationOrder))
    }

    @Test func missingPresentingTraitThrows() throws {
        // The presenting trait is not registered.
        TestTrait.register(in: registry, log: log)
        #expect(throws: TraitError(description: "Presenting capability trait required")) {
            try composer.package(experience: Self.makeTestExperience(), stepIndex: .initial)
        }
    }

    @Test func packagePresenter() throws {
        TestPresentingTrait.register(in: registry, log: log)
        let experience = Experience(id: "test", traits: [model("@test/presenting", tag: "p")], steps: [.child(child())])
        let package = try composer.package(experience: experience, stepIndex: .initial)
        var presented = false, removed = false
        try package.presenter { presented = true }
        package.dismisser { removed = true }
        #expect(log.calls == ["p:present", "p:remove"])
        #expect(presented && removed)
    }

    @Test func defaultContainerCreatingTrait() throws {
        let trait = try #require(DefaultContainerTrait(configuration: TraitConfiguration(config: nil, level: .group)))
        let container = try trait.createContainer(for: [], with: PageMonitor(numberOfPages: 0, currentPage: 0))
        #expect(container.kind == "container")
        #expect(container.children.isEmpty)
    }

    @Test func errorWhenEmptyStepGroup() throws {
        let experience = Experience(id: "test", steps: [
            .group(Experience.Group(id: "d9fbd360-2832-4c8e-a79e-c1731982f1f1", children: [])),
        ])
        #expect(throws: TraitComposerError.missingChild(groupID: "D9FBD360-2832-4C8E-A79E-C1731982F1F1", index: 0)) {
            try composer.package(experience: experience, stepIndex: .initial)
        }
        let error = TraitComposerError.missingChild(groupID: "D9FBD360-2832-4C8E-A79E-C1731982F1F1", index: 0)
        #expect(error.description == "step group D9FBD360-2832-4C8E-A79E-C1731982F1F1 doesn't contain a child step at index 0")
    }

    func configuration(_ level: TraitLevel) -> TraitConfiguration { TraitConfiguration(config: nil, level: level) }

    @Test func decompose() throws {
        let traits: [any ExperienceTrait] = [
            TestTrait(configuration: configuration(.experience), log: log),
            TestPresentingTrait(configuration: configuration(.experience), log: log),
        ]
        let decomposed = DecomposedTraits(traits: traits)
        #expect(decomposed.allTraitInstances.count == 2)
        #expect(decomposed.stepDecorating.count == 1)
        #expect(decomposed.containerCreating != nil)
        #expect(decomposed.containerDecorating.count == 1)
        #expect(decomposed.backdropDecorating.count == 1)
        #expect(decomposed.wrapperCreating != nil)
        #expect(decomposed.presenting != nil)
    }

    @Test func appendDecomposedTraits() throws {
        let decomposed = DecomposedTraits(traits: [
            TestTrait(configuration: configuration(.experience), log: log),
            TestPresentingTrait(configuration: configuration(.experience), log: log),
        ])
        let groupTrait = TestTrait(configuration: configuration(.experience), log: log)
        decomposed.append(contentsOf: DecomposedTraits(traits: [groupTrait]))
        #expect(decomposed.allTraitInstances.count == 3)
        #expect(decomposed.stepDecorating.count == 2)
        #expect(decomposed.containerCreating === groupTrait, "appended trait takes precedence over existing level")
        #expect(decomposed.containerDecorating.count == 2)
        #expect(decomposed.backdropDecorating.count == 2)
        #expect(decomposed.wrapperCreating === groupTrait, "appended trait takes precedence over existing level")
        #expect(decomposed.presenting != nil)
    }

    @Test func propagateDecomposedTraits() throws {
        let parent = DecomposedTraits(traits: [
            Test2Trait(configuration: configuration(.experience), log: log),
            Test3Trait(configuration: configuration(.group), log: log),
        ])
        let step = DecomposedTraits(traits: [TestTrait(configuration: configuration(.experience), log: log)])
        step.propagateDecorators(from: parent)
        let expected = ["@test/trait-2", "@test/trait-3", "@test/trait"]
        #expect(step.allTraitInstances.count == 1)
        #expect(step.stepDecorating.map(\.type) == expected)
        #expect(step.containerCreating != nil)
        #expect(step.containerDecorating.map(\.type) == expected)
        #expect(step.backdropDecorating.map(\.type) == expected)
        #expect(step.presenting == nil)
    }
}
