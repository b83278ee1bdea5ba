/// Presents a custom code template or app function, and closes it.
///
/// The in-app controller calls `onPresent(context:)` when an in-app of the
/// template reaches the front of the queue (its files already downloaded), or
/// at once for a non-visual function triggered as an action. A close action
/// (`InAppController.close()` or a `close` action argument) calls
/// `onClose(context:)` while the template's context is active.
///
/// ## Implementation requirements
/// - Call `context.presented()` once the template is shown (visual templates),
///   and `context.dismissed()` once it is gone. Until `dismissed()` is called the
///   queue stays blocked: this is the SDK's behaviour, not a bug.
/// - Do not keep the context after `dismissed()`: every call on it does nothing.
/// - `onClose` must not assume `onPresent` finished; it is the presenter's job
///   to hide what it showed and then call `dismissed()`.
/// - Throwing is allowed: a throw from `onPresent` is recorded as an `error`
///   transcript event, the in-app is dropped and the queue moves on; a throw from
///   `onClose` is recorded as an `error` event.
/// - Presenters run on the engine's thread; they need not be `Sendable`.
public protocol TemplatePresenter: AnyObject {
    /// Shows the template described by `context`.
    func onPresent(context: CustomTemplateContext) throws
    /// Closes the template (a close action); app functions never receive it.
    func onClose(context: CustomTemplateContext) throws
}

extension TemplatePresenter {
    /// Default: closing does nothing (app function presenters need not implement it).
    public func onClose(context: CustomTemplateContext) throws {}
}

/// A presenter made of closures (handy in tests and bindings).
public final class ClosureTemplatePresenter: TemplatePresenter {
    private let present: (CustomTemplateContext) throws -> Void
    private let close: (CustomTemplateContext) throws -> Void

    public init(
        onPresent: @escaping (CustomTemplateContext) throws -> Void,
        onClose: @escaping (CustomTemplateContext) throws -> Void = { _ in }
    ) {
        self.present = onPresent
        self.close = onClose
    }

    public func onPresent(context: CustomTemplateContext) throws { try present(context) }
    public func onClose(context: CustomTemplateContext) throws { try close(context) }
}
