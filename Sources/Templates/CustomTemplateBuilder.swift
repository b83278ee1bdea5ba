import JSON

/// The shared part of `CustomTemplateBuilder` and `AppFunctionBuilder`.
///
/// Every rule and message of templates.md is enforced here: a name set once and
/// non-empty; argument names non-empty, without a leading/trailing dot or `..`,
/// unique and not colliding with a parent or child (`a` vs `a.b`); defaults
/// present for scalars and dictionaries; dictionaries flattened into dotted
/// arguments (booleans stay `boolean`), two dictionaries of one name merging
/// when their keys are disjoint. A failed call leaves the builder unchanged.
public class TemplateBuilder {
    /// The kind of template this builder makes.
    public let kind: CustomTemplate.Kind
    private(set) var name: String?
    private(set) var arguments: [TemplateArgument] = []
    private var presenter: (any TemplatePresenter)?

    init(kind: CustomTemplate.Kind) { self.kind = kind }

    /// Sets the template name (once; non-empty).
    public func setName(_ name: String) throws(TemplateError) {
        guard self.name == nil else { throw .nameAlreadySet }
        guard !name.isEmpty else { throw .emptyName }
        self.name = name
    }

    /// Sets the presenter called when the template is presented (and closed).
    public func setPresenter(_ presenter: any TemplatePresenter) {
        self.presenter = presenter
    }

    /// Adds a string argument with its default.
    public func addArgument(_ name: String, string: String?) throws(TemplateError) {
        try add(name, .string, string.map(JSONValue.string))
    }

    /// Adds a number argument with a floating-point default.
    public func addArgument(_ name: String, number: Double?) throws(TemplateError) {
        try add(name, .number, number.map(JSONValue.double))
    }

    /// Adds a number argument with an integer default.
    public func addArgument(_ name: String, integer: Int64?) throws(TemplateError) {
        try add(name, .number, integer.map(JSONValue.integer))
    }

    /// Adds a boolean argument with its default.
    public func addArgument(_ name: String, boolean: Bool?) throws(TemplateError) {
        try add(name, .boolean, boolean.map(JSONValue.bool))
    }

    /// Adds a dictionary: each (nested) key becomes a dotted argument (`map.a`).
    public func addArgument(_ name: String, dictionary: JSONObject?) throws(TemplateError) {
        try validateName(name)
        guard let dictionary else { throw .nilDefault(argument: name) }
        guard !dictionary.isEmpty else { throw .emptyDictionary(argument: name) }
        var flat: [TemplateArgument] = []
        try Self.flatten(dictionary, prefix: name, into: &flat)
        try append(flat)
    }

    /// Adds a file argument (its value is a URL, presented as a local path).
    public func addFileArgument(_ name: String) throws(TemplateError) {
        try add(name, .file, nil)
    }

    /// Adds an argument from a type and a JSON default (what bindings and JSON definitions use).
    ///
    /// An object default of a string/number/boolean argument is treated as a dictionary.
    public func addArgument(_ name: String, type: TemplateArgumentType, defaultValue: JSONValue?) throws(TemplateError) {
        switch type {
        case .file: try addFileArgument(name)
        case .action:
            if case .function = kind { throw .functionActionArgument(argument: name, template: self.name) }
            try add(name, .action, nil)
        default:
            if case .object(let o)? = defaultValue { return try addArgument(name, dictionary: o) }
            if defaultValue == .null { return try add(name, type, nil) }
            try add(name, type, defaultValue)
        }
    }

    /// Adds an argument whose type follows its default (what the Lua `templates.define` list uses).
    ///
    /// A string, number or boolean default gives that type; an object is a
    /// dictionary; nil or `null` is `Default value cannot be nil.`; an array is unsupported.
    public func addArgument(_ name: String, value: JSONValue?) throws(TemplateError) {
        switch value {
        case .string?: try add(name, .string, value)
        case .integer?, .double?: try add(name, .number, value)
        case .bool?: try add(name, .boolean, value)
        case .object(let o)?: try addArgument(name, dictionary: o)
        case .array?:
            try validateName(name)
            throw .unsupportedDefault(argument: name, type: "array")
        case .null?, nil: try add(name, .string, nil)
        }
    }

    /// Validates and returns the template.
    public func build() throws(TemplateError) -> CustomTemplate {
        guard let name, !name.isEmpty else { throw .missingName }
        guard let presenter else { throw .missingPresenter }
        return CustomTemplate(name: name, kind: kind, arguments: arguments, presenter: presenter)
    }

    func add(_ name: String, _ type: TemplateArgumentType, _ value: JSONValue?) throws(TemplateError) {
        try validateName(name)
        if arguments.contains(where: { $0.name == name }) { throw .duplicateArgument(name) }
        if type != .file && type != .action && value == nil { throw .nilDefault(argument: name) }
        try append([TemplateArgument(name: name, type: type, defaultValue: value)])
    }

    private func validateName(_ name: String) throws(TemplateError) {
        guard !name.isEmpty else { throw .emptyArgumentName }
        guard !name.hasPrefix("."), !name.hasSuffix("."), !name.contains("..") else {
            throw .invalidArgumentName(name)
        }
    }

    private func append(_ new: [TemplateArgument]) throws(TemplateError) {
        var names = arguments.map(\.name)
        for argument in new {
            try validateName(argument.name)
            if let clash = Self.collision(of: argument.name, with: names) { throw .duplicateArgument(clash) }
            names.append(argument.name)
        }
        arguments.append(contentsOf: new)
    }

    /// The name the SDK reports when `name` clashes with `existing`, or nil.
    ///
    /// The same name reports itself; a new child of an existing argument reports
    /// that (shortest) ancestor (`a` then `a.b` → `a`); a new parent of existing
    /// arguments reports itself (`a.b` then `a` → `a`).
    static func collision(of name: String, with existing: [String]) -> String? {
        let set = Set(existing)
        if set.contains(name) { return name }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        for count in stride(from: 1, to: parts.count, by: 1) {
            let ancestor = parts.prefix(count).joined(separator: ".")
            if set.contains(ancestor) { return ancestor }
        }
        if existing.contains(where: { $0.hasPrefix(name + ".") }) { return name }
        return nil
    }

    private static func flatten(_ object: JSONObject, prefix: String, into out: inout [TemplateArgument])
        throws(TemplateError)
    {
        for (key, value) in object {
            let full = prefix + "." + key
            switch value {
            case .string: out.append(TemplateArgument(name: full, type: .string, defaultValue: value))
            case .integer, .double: out.append(TemplateArgument(name: full, type: .number, defaultValue: value))
            case .bool: out.append(TemplateArgument(name: full, type: .boolean, defaultValue: value))
            case .object(let nested):
                // As `CTCustomTemplateBuilder flatten:`: an empty nested dictionary adds nothing.
                try flatten(nested, prefix: full, into: &out)
            case .null, .array:
                // The SDK skips values that are not strings, numbers or dictionaries.
                continue
            }
        }
    }
}

/// Builds a custom code template (`"template"`): may have action arguments.
public final class CustomTemplateBuilder: TemplateBuilder {
    public init() { super.init(kind: .template) }

    /// Adds an action argument (close, url, kv or custom-code at presentation time).
    public func addActionArgument(_ name: String) throws(TemplateError) {
        try add(name, .action, nil)
    }
}

/// Builds an app function (`"function"`): no action arguments.
public final class AppFunctionBuilder: TemplateBuilder {
    /// A visual function goes through the in-app queue; a non-visual one runs at once as an action.
    public init(isVisual: Bool) { super.init(kind: .function(isVisual: isVisual)) }
}
