/// Trait instances sorted by capability: decorators as lists, the single-slot capabilities
/// (container creating, wrapper creating, presenting) as the first instance that provides them.
public final class DecomposedTraits {
    public private(set) var allTraitInstances: [any ExperienceTrait]
    public private(set) var stepDecorating: [any StepDecoratingTrait]
    public private(set) var containerCreating: (any ContainerCreatingTrait)?
    public private(set) var containerDecorating: [any ContainerDecoratingTrait]
    public private(set) var backdropDecorating: [any BackdropDecoratingTrait]
    public private(set) var wrapperCreating: (any WrapperCreatingTrait)?
    public private(set) var presenting: (any PresentingTrait)?

    public init(traits: [any ExperienceTrait]) {
        allTraitInstances = traits
        func all<T>(_ capability: TraitCapability, _: T.Type) -> [T] {
            traits.compactMap { $0.adopts(capability) ? $0 as? T : nil }
        }
        stepDecorating = all(.stepDecorating, (any StepDecoratingTrait).self)
        containerCreating = all(.containerCreating, (any ContainerCreatingTrait).self).first
        containerDecorating = all(.containerDecorating, (any ContainerDecoratingTrait).self)
        backdropDecorating = all(.backdropDecorating, (any BackdropDecoratingTrait).self)
        wrapperCreating = all(.wrapperCreating, (any WrapperCreatingTrait).self).first
        presenting = all(.presenting, (any PresentingTrait).self).first
    }

    /// Adds a more specific level: its decorators follow (unless `ignoringDecorators`: a single
    /// step's own traits, which decorate as step traits), and its single-slot capabilities, when
    /// it has them, replace the current ones whatever their type.
    public func append(contentsOf newTraits: DecomposedTraits, ignoringDecorators: Bool = false) {
        allTraitInstances.append(contentsOf: newTraits.allTraitInstances)
        if !ignoringDecorators {
            stepDecorating.append(contentsOf: newTraits.stepDecorating)
            containerDecorating.append(contentsOf: newTraits.containerDecorating)
            backdropDecorating.append(contentsOf: newTraits.backdropDecorating)
        }
        containerCreating = newTraits.containerCreating ?? containerCreating
        wrapperCreating = newTraits.wrapperCreating ?? wrapperCreating
        presenting = newTraits.presenting ?? presenting
    }

    /// Takes the parent's decorators of every type this step does not define itself: inherited
    /// ones first, in parent order (the last instance of a type in the parent, the most specific,
    /// wins), then the step's own.
    public func propagateDecorators(from parent: DecomposedTraits) {
        stepDecorating = DecomposedTraits.propagate(parent.stepDecorating, into: stepDecorating) { $0.type }
        containerDecorating = DecomposedTraits.propagate(parent.containerDecorating, into: containerDecorating) { $0.type }
        backdropDecorating = DecomposedTraits.propagate(parent.backdropDecorating, into: backdropDecorating) { $0.type }
    }

    private static func propagate<T>(_ parent: [T], into own: [T], type: (T) -> String) -> [T] {
        var result = own
        var types = Set(own.map(type))
        for trait in parent.reversed() where types.insert(type(trait)).inserted {
            result.insert(trait, at: 0)
        }
        return result
    }
}
