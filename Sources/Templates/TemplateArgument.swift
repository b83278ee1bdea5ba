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
    /// booleans take booleans, actions take `{"actions": {"type": ...}}` objects.
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.file, .string): return true
        // Numbers and booleans are both NSNumber in the SDK: either overrides either.
        case (.number, .integer), (.number, .double), (.number, .bool): return true
        case (.boolean, .bool), (.boolean, .integer), (.boolean, .double): return true
        case (.action, .object(let o)): return o["actions"]?.objectValue != nil
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
