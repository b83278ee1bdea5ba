import JSON

/// A custom code template or app function: a name, ordered arguments and a presenter.
///
/// Build one with `CustomTemplateBuilder` or `AppFunctionBuilder` (which validate
/// every rule of templates.md) or from JSON definitions (`JSONTemplateProducer`).
public struct CustomTemplate {
    /// Whether this is a template or an app function.
    public enum Kind: Equatable, Sendable {
        /// A template (always visual; may have action arguments).
        case template
        /// An app function; visual ones go through the in-app queue.
        case function(isVisual: Bool)

        /// The wire name: `template` or `function`.
        public var wireName: String {
            if case .template = self { return "template" }
            return "function"
        }
    }

    /// The template name (unique per app, compared exactly).
    public let name: String
    /// Template or function.
    public let kind: Kind
    /// Arguments in definition order (dictionaries flattened).
    public let arguments: [TemplateArgument]
    /// The presenter called with a context when the template is presented or closed.
    public let presenter: any TemplatePresenter

    /// Creates a template without validation (builders validate; prefer them).
    public init(name: String, kind: Kind, arguments: [TemplateArgument], presenter: any TemplatePresenter) {
        self.name = name
        self.kind = kind
        self.arguments = arguments
        self.presenter = presenter
    }

    /// True for templates and visual functions (they go through the queue).
    public var isVisual: Bool {
        switch kind {
        case .template: return true
        case .function(let visual): return visual
        }
    }

    /// True for app functions.
    public var isFunction: Bool { kind != .template }

    /// The argument named `name`, or nil.
    public func argument(named name: String) -> TemplateArgument? {
        arguments.first { $0.name == name }
    }

    /// The sync order of each argument (see `TemplateArgumentOrder`).
    public var argumentOrder: [String: Int] { TemplateArgumentOrder.order(arguments.map(\.name)) }
}
