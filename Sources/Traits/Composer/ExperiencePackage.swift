/// What the composer makes for one step group: the views, the traits by capability, the page
/// monitor and the metadata delegate, and the closures the presentation drives.
public final class ExperiencePackage {
    /// Every trait instance of the package (held for the lifetime of the presentation).
    public let traitInstances: [any ExperienceTrait]
    /// The steps of the container, in page order.
    public let steps: [Experience.Child]
    /// The step views, in page order.
    public let stepViews: [TraitView]
    public let container: TraitView
    /// The wrapper, or the container itself when no trait creates a wrapper.
    public let wrapper: TraitView
    /// The backdrop the wrapper offers (none without a wrapper).
    public let backdrop: TraitView?
    public let pageMonitor: PageMonitor
    public let metadataDelegate: TraitMetadataDelegate
    /// Undecorates for the previous page (when given), decorates for the new one, publishes.
    public let stepDecoratingTraitUpdater: (_ newIndex: Int, _ previousIndex: Int?) throws -> Void
    /// Presents the wrapper; the closure runs once it is presented.
    public let presenter: (_ completion: @escaping () -> Void) throws -> Void
    /// Removes the wrapper; the closure runs once it is removed.
    public let dismisser: (_ completion: @escaping () -> Void) -> Void

    init(traitInstances: [any ExperienceTrait], steps: [Experience.Child], stepViews: [TraitView], container: TraitView,
         wrapper: TraitView, backdrop: TraitView?, pageMonitor: PageMonitor, metadataDelegate: TraitMetadataDelegate,
         stepDecoratingTraitUpdater: @escaping (Int, Int?) throws -> Void,
         presenter: @escaping (@escaping () -> Void) throws -> Void, dismisser: @escaping (@escaping () -> Void) -> Void) {
        self.traitInstances = traitInstances
        self.steps = steps
        self.stepViews = stepViews
        self.container = container
        self.wrapper = wrapper
        self.backdrop = backdrop
        self.pageMonitor = pageMonitor
        self.metadataDelegate = metadataDelegate
        self.stepDecoratingTraitUpdater = stepDecoratingTraitUpdater
        self.presenter = presenter
        self.dismisser = dismisser
    }

    /// Ends the package's life: removes metadata handlers, page observers and tap handlers, which
    /// traits written in Lua use to capture views and the delegate (cycles through the Lua
    /// registry that nothing else breaks). Called when the presentation ends.
    public func tearDown() {
        metadataDelegate.removeAllHandlers()
        pageMonitor.removeAllObservers()
        for view in [wrapper, container] + stepViews + (backdrop.map { [$0] } ?? []) { view.removeTapHandlers() }
    }
}
