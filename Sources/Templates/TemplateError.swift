import JSON

/// Errors of template definition, registration, JSON definitions and syncing.
///
/// `description` is the message text of the CleverTap iOS SDK where one exists
/// (see templates.md); the payload keeps the structured data (names, types) and
/// `jsonPath` locates JSON-definition errors.
public enum TemplateError: Error, Equatable, CustomStringConvertible, Sendable {
    /// `setName` called twice.
    case nameAlreadySet
    /// `setName` with an empty name.
    case emptyName
    /// `build()` before `setName`.
    case missingName
    /// `build()` before a presenter was set.
    case missingPresenter
    /// An argument with an empty name.
    case emptyArgumentName
    /// An argument name starting or ending with `.` or containing `..`.
    case invalidArgumentName(String)
    /// A duplicate argument, or a parent/child collision (`a.b` and `a`).
    case duplicateArgument(String)
    /// A nil default for a string, number, boolean or dictionary argument.
    case nilDefault(argument: String)
    /// An empty dictionary default.
    case emptyDictionary(argument: String)
    /// A dictionary default holding a value that cannot be an argument (array, null).
    case unsupportedDefault(argument: String, type: String)
    /// A second template with the same name.
    case duplicateTemplate(String)
    /// A template named like a system template.
    case systemTemplate(String)
    /// An action argument in an app function.
    case functionActionArgument(argument: String, template: String?)
    /// JSON definitions that do not parse.
    case jsonParse(String)
    /// Nil or empty JSON definitions.
    case jsonEmpty
    /// A template entry that is not an object.
    case jsonNotAnObject(path: JSONPath)
    /// An unknown `type` of a template.
    case unknownTemplateType(type: String, template: String)
    /// An unknown `type` of an argument.
    case unknownArgumentType(type: String, argument: String, template: String)
    /// A file argument with a `value`.
    case fileWithValue(argument: String, template: String)
    /// An action argument with a `value`.
    case actionWithValue(argument: String, template: String)
    /// A file or action argument inside an `object` argument.
    case nestedFileOrAction(type: String, argument: String, template: String)
    /// No presenter for a JSON-defined template or function.
    case noPresenter(template: String, kind: String)
    /// Syncing outside a debug build with a test user.
    case syncNotAllowed(debug: Bool, testUser: Bool)
    /// A builder error raised while reading JSON definitions, with where it happened.
    indirect case inDefinition(path: JSONPath, error: TemplateError)

    public var description: String {
        switch self {
        case .inDefinition(_, let error): return error.description
        case .nameAlreadySet: return "Name is already set."
        case .emptyName: return "Name cannot be null or empty."
        case .missingName: return "Name cannot be null or empty. Use setName to set it."
        case .missingPresenter: return "Presenter cannot be null. Use setOnPresentWithPresenter to set it."
        case .emptyArgumentName: return "Argument Name cannot be null or empty."
        case .invalidArgumentName:
            return "Argument Name cannot start or end with dot \".\" or contain consecutive dots \"..\"."
        case .duplicateArgument(let n): return "Argument with the name \"\(n)\" already defined."
        case .nilDefault: return "Default value cannot be nil."
        case .emptyDictionary: return "Default value cannot be nil or empty."
        case .unsupportedDefault(let n, let t):
            return "Default value of type \(t) is not supported, for argument: \(n)."
        case .duplicateTemplate(let n): return "Template with name: \(n) is already defined."
        case .systemTemplate(let n): return "CustomTemplate with name: \(n) is a System template."
        case .functionActionArgument(let n, _):
            return "Function templates cannot have action arguments. Remove argument: \(n)."
        case .jsonParse(let e): return "Error parsing JSON template definitions: \(e)."
        case .jsonEmpty: return "CleverTap: JSON template definitions cannot be nil or empty."
        case .jsonNotAnObject(let p): return "JSON template definition must be an object at \(p)."
        case .unknownTemplateType(let t, let k): return "Unknown template type: \(t) for template: \(k)."
        case .unknownArgumentType(let t, let n, _): return "Unknown argument type: \(t) for argument: \(n)."
        case .fileWithValue(let n, _):
            return "File arguments should not specify a value. Remove value from argument: \(n)."
        case .actionWithValue(let n, _):
            return "Action arguments should not specify a value. Remove value from argument: \(n)."
        case .nestedFileOrAction(let t, let n, _):
            return "Not supported argument type: \(t), for argument: \(n). Nesting of file and action arguments "
                + "within objects is not supported. To define nested file and actions use dot '.' notation "
                + "in the argument name"
        case .noPresenter(_, let kind):
            return "JSON definition contains a \(kind) definition and a \(kind) presenter is required."
        case .syncNotAllowed(let debug, let testUser):
            var missing: [String] = []
            if !debug { missing.append("a debug build") }
            if !testUser { missing.append("a test user") }
            return "Syncing custom templates is allowed only in a debug build with a test user "
                + "(missing: \(missing.joined(separator: ", ")))."
        }
    }

    /// The error without its JSON location.
    public var underlying: TemplateError {
        if case .inDefinition(_, let error) = self { return error.underlying }
        return self
    }

    /// Where in JSON definitions the error is (`Banner.arguments.title.type`), when known.
    public var jsonPath: JSONPath? {
        func argument(_ template: String, _ name: String) -> JSONPath { JSONPath.root.key(template).key("arguments").key(name) }
        switch self {
        case .jsonNotAnObject(let p): return p
        case .unknownTemplateType(_, let k): return JSONPath.root.key(k).key("type")
        case .unknownArgumentType(_, let n, let k): return argument(k, n).key("type")
        case .fileWithValue(let n, let k), .actionWithValue(let n, let k): return argument(k, n).key("value")
        case .nestedFileOrAction(_, let n, let k): return argument(k, n)
        case .functionActionArgument(let n, let k?): return argument(k, n)
        case .noPresenter(let k, _): return JSONPath.root.key(k)
        case .inDefinition(let path, _): return path
        default: return nil
        }
    }
}
