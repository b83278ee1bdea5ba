import JSON

/// Where a trait was applied in an experience: on the experience, on a step group, or on a step.
public enum TraitLevel: String, Sendable, CaseIterable {
    case experience, group, step
}

/// What a trait's failable init gets: its `config` (any JSON, nil when absent) and its level.
public struct TraitConfiguration: Sendable, Equatable {
    /// The trait object's `config` member, nil when it has none.
    public var config: JSONValue?
    /// The level the trait was applied at.
    public var level: TraitLevel

    public init(config: JSONValue?, level: TraitLevel) {
        self.config = config
        self.level = level
    }
}

/// One capability a trait may adopt (a protocol each); the composer uses them to decompose traits.
public enum TraitCapability: String, Sendable, CaseIterable {
    case stepDecorating, containerCreating, containerDecorating, wrapperCreating, backdropDecorating, presenting
}

/// An experience trait: a unique `type`, made from a ``TraitConfiguration`` for each use in an
/// experience, adopting one or more capability protocols.
///
/// ## Implementation requirements
/// - `type` is unique in a registry (`@org/name` by convention).
/// - Adopt the capability protocols the trait provides (``StepDecoratingTrait``,
///   ``ContainerCreatingTrait``, ``ContainerDecoratingTrait``, ``WrapperCreatingTrait``,
///   ``BackdropDecoratingTrait``, ``PresentingTrait``).
/// - Keep ``metadataDelegate`` as set by the composer: it is the delegate shared by every trait
///   of the presented step group (the composer sets it before applying any trait).
/// - Throw ``TraitError`` for failures with a retry or recovery policy; any other error stops
///   the experience with its description.
public protocol ExperienceTrait: AnyObject {
    /// The trait's type (`@appcues/modal`).
    var type: String { get }
    /// The level this instance was applied at.
    var level: TraitLevel { get }
    /// The metadata delegate of the presented step group (nil until composed).
    var metadataDelegate: TraitMetadataDelegate? { get set }
    /// Whether this instance provides `capability`. The default answers by protocol conformance;
    /// a trait whose capabilities are known only at run time (a Lua trait) answers itself.
    func adopts(_ capability: TraitCapability) -> Bool
}

extension ExperienceTrait {
    public func adopts(_ capability: TraitCapability) -> Bool {
        switch capability {
        case .stepDecorating: return self is any StepDecoratingTrait
        case .containerCreating: return self is any ContainerCreatingTrait
        case .containerDecorating: return self is any ContainerDecoratingTrait
        case .wrapperCreating: return self is any WrapperCreatingTrait
        case .backdropDecorating: return self is any BackdropDecoratingTrait
        case .presenting: return self is any PresentingTrait
        }
    }

    /// The capabilities this instance provides, in ``TraitCapability`` order.
    public var capabilities: [TraitCapability] { TraitCapability.allCases.filter(adopts) }
}

/// A trait written in Swift with a static type and a failable init (nil drops the instance,
/// as a config the trait rejects).
public protocol ConfigurableTrait: ExperienceTrait {
    static var type: String { get }
    init?(configuration: TraitConfiguration)
}

extension ConfigurableTrait {
    public var type: String { Self.type }
}

/// Decorates each step view of the presented group.
public protocol StepDecoratingTrait: ExperienceTrait {
    func decorate(stepView: TraitView) throws
}

/// Creates the container of the group's step views; the page monitor tracks the current page.
public protocol ContainerCreatingTrait: ExperienceTrait {
    func createContainer(for stepViews: [TraitView], with pageMonitor: PageMonitor) throws -> TraitView
}

/// Decorates the container for the current step; undecorates it on a page change.
public protocol ContainerDecoratingTrait: ExperienceTrait {
    func decorate(container: TraitView) throws
    func undecorate(container: TraitView) throws
}

/// Wraps the container in a wrapper view and offers the backdrop view (or none).
public protocol WrapperCreatingTrait: ExperienceTrait {
    func createWrapper(around container: TraitView) throws -> TraitView
    func getBackdrop(for wrapper: TraitView) throws -> TraitView?
}

/// Decorates the backdrop for the current step; undecorates it on a page change.
public protocol BackdropDecoratingTrait: ExperienceTrait {
    func decorate(backdrop: TraitView) throws
    func undecorate(backdrop: TraitView) throws
}

/// Presents the wrapper (the container when there is no wrapper) and removes it.
///
/// ## Implementation requirements
/// Call `completion` once the view is presented (or removed), now or later on the engine's run loop.
public protocol PresentingTrait: ExperienceTrait {
    func present(wrapper: TraitView, completion: @escaping () -> Void) throws
    func remove(wrapper: TraitView, completion: @escaping () -> Void)
}
