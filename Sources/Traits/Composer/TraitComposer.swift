import Foundation
import JSON

/// Why a step group could not be composed (beside the errors traits throw).
public enum TraitComposerError: Error, CustomStringConvertible, Equatable {
    /// The SDK's message: `step group <id> doesn't contain a child step at index <n>` (0-based).
    case missingChild(groupID: String, index: Int)
    /// The experience has no top-level step at this index (0-based).
    case missingGroup(index: Int, count: Int)

    public var description: String {
        switch self {
        case .missingChild(let groupID, let index):
            return "step group \(groupID) doesn't contain a child step at index \(index)"
        case .missingGroup(let index, let count):
            return "experience has no step group at index \(index) (it has \(count))"
        }
    }
}

/// Composes the traits of an experience for one step group, as the Appcues SDK does.
///
/// Levels: the experience's traits, then the group's (for a single top-level step, its own
/// traits at `step` level, whose creating and presenting capabilities apply), then each child
/// step's traits, which only decorate and take the decorators of the levels above that they do
/// not define themselves. Order: step views, step decorating (every step of the group),
/// container creating (a default container when none), wrapper creating and its backdrop. The
/// package's updater then decorates the container and the backdrop for the current page and
/// publishes the metadata; its presenter presents.
public final class TraitComposer {
    public let registry: TraitRegistry
    /// Told of each capability applied (trait, capability): the transcript's `trait.applied`.
    public var onApply: ((any ExperienceTrait, TraitCapability) -> Void)?
    /// Renders a step's content into its view, before the step decorators run.
    public var contentRenderer: ((Experience.Child, TraitView) -> Void)?

    public init(registry: TraitRegistry) { self.registry = registry }

    public func package(experience: Experience, stepIndex: Experience.StepIndex) throws -> ExperiencePackage {
        guard experience.steps.indices.contains(stepIndex.group) else {
            throw TraitComposerError.missingGroup(index: stepIndex.group, count: experience.steps.count)
        }
        let topLevel = experience.steps[stepIndex.group]
        let stepModels = topLevel.items
        guard stepModels.indices.contains(stepIndex.item) else {
            throw TraitComposerError.missingChild(groupID: TraitComposer.displayID(topLevel.id), index: stepIndex.item)
        }

        let decomposed = DecomposedTraits(traits: try registry.instances(for: experience.traits, level: .experience))
        var allInstances = decomposed.allTraitInstances
        switch topLevel {
        case .group(let group):
            let groupTraits = DecomposedTraits(traits: try registry.instances(for: group.traits, level: .group))
            decomposed.append(contentsOf: groupTraits)
            allInstances += groupTraits.allTraitInstances
        case .child(let child):
            // The single step's own creating/presenting; its decorators come with the step below.
            let stepTraits = DecomposedTraits(traits: try registry.instances(for: child.traits, level: .step))
            decomposed.append(contentsOf: stepTraits, ignoringDecorators: true)
            allInstances += stepTraits.allTraitInstances
        }

        var stepTraits: [DecomposedTraits] = []
        for model in stepModels {
            let traits = DecomposedTraits(traits: try registry.instances(for: model.traits, level: .step))
            traits.propagateDecorators(from: decomposed)
            allInstances += traits.allTraitInstances
            stepTraits.append(traits)
        }

        let metadata = TraitMetadataDelegate()
        for instance in allInstances { instance.metadataDelegate = metadata }
        var stepViews: [TraitView] = []
        do {
            return try compose(decomposed, stepModels, stepTraits, allInstances, metadata, stepIndex, &stepViews)
        } catch {
            // Handlers and tap handlers registered so far may capture the views: release them.
            metadata.removeAllHandlers()
            for view in stepViews { view.removeTapHandlers() }
            throw error
        }
    }

    private func compose(_ decomposed: DecomposedTraits, _ stepModels: [Experience.Child], _ stepTraits: [DecomposedTraits],
                         _ allInstances: [any ExperienceTrait], _ metadata: TraitMetadataDelegate,
                         _ stepIndex: Experience.StepIndex, _ stepViews: inout [TraitView]) throws -> ExperiencePackage {
        for (model, traits) in zip(stepModels, stepTraits) {
            let view = TraitComposer.stepView(for: model)
            contentRenderer?(model, view)
            for trait in traits.stepDecorating {
                try trait.decorate(stepView: view)
                onApply?(trait, .stepDecorating)
            }
            stepViews.append(view)
        }

        let pageMonitor = PageMonitor(numberOfPages: stepViews.count, currentPage: stepIndex.item)
        let creator = decomposed.containerCreating ?? DefaultContainerTrait()
        let container = try creator.createContainer(for: stepViews, with: pageMonitor)
        onApply?(creator, .containerCreating)
        var wrapper = container
        var backdrop: TraitView?
        if let wrapperCreating = decomposed.wrapperCreating {
            wrapper = try wrapperCreating.createWrapper(around: container)
            onApply?(wrapperCreating, .wrapperCreating)
            backdrop = try wrapperCreating.getBackdrop(for: wrapper)
        }

        let onApply = self.onApply
        let updater: (Int, Int?) throws -> Void = { newIndex, previousIndex in
            if let previousIndex {
                for trait in stepTraits[previousIndex].containerDecorating { try trait.undecorate(container: container) }
                if let backdrop {
                    for trait in stepTraits[previousIndex].backdropDecorating { try trait.undecorate(backdrop: backdrop) }
                }
            }
            for trait in stepTraits[newIndex].containerDecorating {
                try trait.decorate(container: container)
                onApply?(trait, .containerDecorating)
            }
            if let backdrop {
                for trait in stepTraits[newIndex].backdropDecorating {
                    try trait.decorate(backdrop: backdrop)
                    onApply?(trait, .backdropDecorating)
                }
            }
            try metadata.publish()
        }

        guard let presenting = decomposed.presenting else {
            wrapper.removeTapHandlers()
            container.removeTapHandlers()
            throw TraitError(description: "Presenting capability trait required")
        }
        return ExperiencePackage(
            traitInstances: allInstances, steps: stepModels, stepViews: stepViews, container: container, wrapper: wrapper,
            backdrop: backdrop, pageMonitor: pageMonitor, metadataDelegate: metadata, stepDecoratingTraitUpdater: updater,
            presenter: { completion in
                onApply?(presenting, .presenting)
                try presenting.present(wrapper: wrapper, completion: completion)
            },
            dismisser: { completion in presenting.remove(wrapper: wrapper, completion: completion) })
    }

    /// A step's headless view: kind `step`, its id and `type` (its content views are added by
    /// ``contentRenderer``).
    static func stepView(for model: Experience.Child) -> TraitView {
        TraitView(kind: "step", id: model.id, properties: ["type": .string(model.type)])
    }

    /// A group id as the SDK prints it: UUIDs in upper case (`uuidString`), other ids as they are.
    static func displayID(_ id: String) -> String {
        UUID(uuidString: id)?.uuidString ?? id
    }
}
