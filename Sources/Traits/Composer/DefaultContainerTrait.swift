import JSON

/// The container used when no trait creates one: a `container` view holding the step views,
/// with `pages` and `currentPage` (1-based, as scripts count) following the page monitor.
public final class DefaultContainerTrait: ContainerCreatingTrait, ConfigurableTrait {
    public static let type = "_defaultContainerCreatingTrait"
    public let level: TraitLevel
    public weak var metadataDelegate: TraitMetadataDelegate?

    public init(level: TraitLevel = .experience) { self.level = level }
    public init?(configuration: TraitConfiguration) { level = configuration.level }

    public func createContainer(for stepViews: [TraitView], with pageMonitor: PageMonitor) throws -> TraitView {
        DefaultContainerTrait.container(for: stepViews, with: pageMonitor)
    }

    /// A `container` view of `stepViews` that tracks `pageMonitor`.
    public static func container(for stepViews: [TraitView], with pageMonitor: PageMonitor, kind: String = "container") -> TraitView {
        let container = TraitView(kind: kind, properties: [
            "pages": .integer(Int64(pageMonitor.numberOfPages)),
            "currentPage": .integer(Int64(pageMonitor.currentPage + 1)),
        ], children: stepViews)
        pageMonitor.addObserver { [weak container] newIndex, _ in
            container?["currentPage"] = .integer(Int64(newIndex + 1))
        }
        return container
    }
}
