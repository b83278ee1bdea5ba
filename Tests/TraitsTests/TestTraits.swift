import JSON
@testable import Traits

/// What the test traits did, in order: `"<tag>:<capability>"` (the tag is the config's `tag`).
final class CallLog {
    var calls: [String] = []
    func record(_ tag: String?, _ what: String) { if let tag { calls.append("\(tag):\(what)") } }
}

/// A trait with every capability but presenting (the SDK tests' `TestTrait`); subclasses change
/// the type. Its config `tag` names it in the log; a wrapper it creates is the container itself.
class TestTrait: StepDecoratingTrait, ContainerCreatingTrait, ContainerDecoratingTrait, WrapperCreatingTrait,
    BackdropDecoratingTrait {
    class var traitType: String { "@test/trait" }
    var type: String { Self.traitType }
    let level: TraitLevel
    weak var metadataDelegate: TraitMetadataDelegate?
    let tag: String?
    let log: CallLog

    required init(configuration: TraitConfiguration, log: CallLog) {
        level = configuration.level
        tag = configuration.config?["tag"]?.stringValue
        self.log = log
    }

    static func register(in registry: TraitRegistry, log: CallLog) {
        registry.register(type: traitType) { Self(configuration: $0, log: log) }
    }

    func decorate(stepView: TraitView) throws { log.record(tag, "stepDecorating") }
    func createContainer(for stepViews: [TraitView], with pageMonitor: PageMonitor) throws -> TraitView {
        log.record(tag, "containerCreating")
        return DefaultContainerTrait.container(for: stepViews, with: pageMonitor)
    }
    func decorate(container: TraitView) throws { log.record(tag, "containerDecorating") }
    func undecorate(container: TraitView) throws { log.record(tag, "containerUndecorating") }
    func createWrapper(around container: TraitView) throws -> TraitView {
        log.record(tag, "wrapperCreating")
        return container
    }
    func getBackdrop(for wrapper: TraitView) throws -> TraitView? { TraitView(kind: "backdrop") }
    func decorate(backdrop: TraitView) throws { log.record(tag, "backdropDecorating") }
    func undecorate(backdrop: TraitView) throws { log.record(tag, "backdropUndecorating") }
}

final class Test2Trait: TestTrait { override class var traitType: String { "@test/trait-2" } }
final class Test3Trait: TestTrait { override class var traitType: String { "@test/trait-3" } }

/// The SDK tests' `TestPresentingTrait`: logs present and remove, completes at once.
final class TestPresentingTrait: PresentingTrait {
    static let traitType = "@test/presenting"
    var type: String { Self.traitType }
    let level: TraitLevel
    weak var metadataDelegate: TraitMetadataDelegate?
    let tag: String?
    let log: CallLog

    init(configuration: TraitConfiguration, log: CallLog) {
        level = configuration.level
        tag = configuration.config?["tag"]?.stringValue
        self.log = log
    }

    static func register(in registry: TraitRegistry, log: CallLog) {
        registry.register(type: traitType) { TestPresentingTrait(configuration: $0, log: log) }
    }

    func present(wrapper: TraitView, completion: @escaping () -> Void) throws {
        log.record(tag, "present")
        completion()
    }
    func remove(wrapper: TraitView, completion: @escaping () -> Void) {
        log.record(tag, "remove")
        completion()
    }
}

/// A trait model with a `tag` config.
func model(_ type: String, tag: String? = nil) -> Experience.Trait {
    Experience.Trait(type: type, config: tag.map { .object(["tag": .string($0)]) })
}

/// A child step with these traits.
func child(_ id: String = "s", traits: [Experience.Trait] = []) -> Experience.Child {
    Experience.Child(id: id, type: "modal", traits: traits)
}
