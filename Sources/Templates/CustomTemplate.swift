import JSON

/// The type of a template argument, with its wire name.
public enum TemplateArgumentType: String, Sendable, CaseIterable {
    case string
    case number
    case boolean
    case file
    case action

    /// The name used in the sync payload and JSON definitions.
    public var wireName: String { rawValue }

    /// True when `value` may be this argument's value (a `vars` override).
    ///
    /// Strings and files take JSON strings, numbers take integers and floats,
    /// booleans take booleans, actions take objects (`{"actions": {...}}`).
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.file, .string), (.boolean, .bool): return true
        case (.number, .integer), (.number, .double): return true
        case (.action, .object): return true
        default: return false
        }
    }
}

/// One (flattened) argument of a template: dictionary defaults are already dotted names.
public struct TemplateArgument: Equatable, Sendable {
    /// The full, possibly dotted, name.
    public var name: String
    /// The argument type.
    public var type: TemplateArgumentType
    /// The default value; nil for file and action arguments.
    public var defaultValue: JSONValue?

    public init(name: String, type: TemplateArgumentType, defaultValue: JSONValue?) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

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

/// The argument order algorithm of the sync payload.
///
/// Undotted arguments take the next index in definition order. At the first
/// appearance of a dotted prefix, the whole group (every argument sharing that
/// first component, whenever defined) takes the next indexes, sorted by full name.
public enum TemplateArgumentOrder {
    /// The index of every name.
    public static func order(_ names: [String]) -> [String: Int] {
        var result: [String: Int] = [:]
        var emittedGroups: Set<String> = []
        var next = 0
        for name in names {
            guard let dot = name.firstIndex(of: ".") else {
                if result[name] == nil { result[name] = next; next += 1 }
                continue
            }
            let prefix = String(name[..<dot])
            guard emittedGroups.insert(prefix).inserted else { continue }
            for member in names.filter({ $0.hasPrefix(prefix + ".") }).sorted() where result[member] == nil {
                result[member] = next
                next += 1
            }
        }
        return result
    }

    /// The names sorted by their index.
    public static func ordered(_ names: [String]) -> [String] {
        let order = order(names)
        return names.sorted { order[$0]! < order[$1]! }
    }
}
