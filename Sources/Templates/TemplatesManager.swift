import JSON

/// The templates of one app instance: registration, lookup and the sync payload.
///
/// Producers registered before the instance is created are run by the
/// initializer with the instance's configuration; templates defined later (a
/// script's `templates.define`) are added with `register(_:)`.
public final class TemplatesManager {
    /// Names reserved for the SDK's system app functions.
    public static let systemTemplateNames: Set<String> = [
        "ctsystem_pushpermission", "ctsystem_openurl", "ctsystem_apprating",
    ]

    /// The instance configuration (the build flags can change: a scenario's `setup.build`).
    public var configuration: TemplatesConfiguration
    /// Registered templates in registration order.
    // No dynamic exclusivity checks (four per in-app: `template(named:)`, `isRegistered`): plain
    // reads, and mutations in `register` that call out to nothing, on the engine's one thread.
    @exclusivity(unchecked) public private(set) var templates: [CustomTemplate] = []
    @exclusivity(unchecked) private var index: [String: Int] = [:]
    /// The SDK's system app functions, always registered (not listed, never synced).
    let systemTemplates: [String: CustomTemplate] = Dictionary(
        uniqueKeysWithValues: SystemAppFunctions.templates().map { ($0.name, $0) })

    /// Creates the manager and registers every template of `producers`.
    public init(configuration: TemplatesConfiguration = TemplatesConfiguration(), producers: [any TemplateProducer] = [])
        throws
    {
        self.configuration = configuration
        for producer in producers {
            try register(producer.defineTemplates(configuration: configuration))
        }
    }

    /// Registers one template; duplicate and system names are refused.
    public func register(_ template: CustomTemplate) throws(TemplateError) {
        guard !Self.systemTemplateNames.contains(template.name) else { throw .systemTemplate(template.name) }
        guard index[template.name] == nil else { throw .duplicateTemplate(template.name) }
        index[template.name] = templates.count
        templates.append(template)
    }

    /// Registers several templates, all or none.
    public func register(_ templates: [CustomTemplate]) throws(TemplateError) {
        var seen: Set<String> = []
        for t in templates {
            if Self.systemTemplateNames.contains(t.name) { throw .systemTemplate(t.name) }
            if index[t.name] != nil || !seen.insert(t.name).inserted { throw .duplicateTemplate(t.name) }
        }
        for t in templates { try register(t) }
    }

    /// The template named `name` (exact comparison; the system app functions included), or nil.
    public func template(named name: String) -> CustomTemplate? {
        index[name].map { templates[$0] } ?? systemTemplates[name]
    }

    /// `fileArgsURLs:` / `fileArgsURLsForInAppData:`: the URLs of the file arguments of a
    /// `custom-code` in-app whose template is registered (string values only), and, for each
    /// action argument whose value is itself a `custom-code` in-app object (`type`,
    /// `templateName`, `vars`), the URLs of that one's file arguments, recursively. An action
    /// value in the `{"actions": {...}}` form is not one (`createWithJSON:` reads its `type`):
    /// its files are fetched when the action is presented. Sorted, without duplicates (the SDK
    /// makes a set); the depth is bounded by `maxDepth`.
    public func fileArgumentURLs(_ inApp: JSONValue, maxDepth: Int = 16) -> [String] {
        var urls = Set<String>()
        collectFileURLs(inApp, depth: maxDepth, into: &urls)
        return urls.sorted()
    }

    private func collectFileURLs(_ inApp: JSONValue, depth: Int, into urls: inout Set<String>) {
        guard depth > 0, inApp["type"]?.stringValue == "custom-code",
              let name = inApp["templateName"]?.stringValue, let template = template(named: name) else { return }
        let vars = inApp["vars"]?.objectValue ?? [:]
        for argument in template.arguments {
            switch argument.type {
            case .file:
                if case .string(let url)? = vars[argument.name] { urls.insert(url) }
            case .action:
                if let value = vars[argument.name], value.objectValue != nil {
                    collectFileURLs(value, depth: depth - 1, into: &urls)
                }
            default: break
            }
        }
    }

    /// True when a template of that name is registered (a system app function included).
    public func isRegistered(_ name: String) -> Bool { index[name] != nil || systemTemplates[name] != nil }

    /// Registered names, sorted (without the system app functions).
    public var names: [String] { index.keys.sorted() }

    /// The `defineTemplates` body, or `syncNotAllowed` unless a debug build with a test user.
    ///
    /// `[{"type":"meta"},{"type":"templatePayload","definitions":{...}}]`; each
    /// definition is `{"type": "template"|"function", "vars": {name: {"defaultValue"?,
    /// "type", "order"}}}`; system templates are excluded and `isVisual` is not sent.
    public func syncPayload() throws(TemplateError) -> JSONValue {
        guard configuration.isDebugBuild, configuration.isTestUser else {
            throw .syncNotAllowed(debug: configuration.isDebugBuild, testUser: configuration.isTestUser)
        }
        return Self.syncPayload(for: templates)
    }

    /// The sync payload of `templates`, without the build gate.
    public static func syncPayload(for templates: [CustomTemplate]) -> JSONValue {
        var definitions = JSONObject()
        for template in templates where !systemTemplateNames.contains(template.name) {
            let order = template.argumentOrder
            var vars = JSONObject()
            for argument in template.arguments.sorted(by: { order[$0.name]! < order[$1.name]! }) {
                var entry = JSONObject()
                if let value = argument.defaultValue { entry["defaultValue"] = value }
                entry["type"] = .string(argument.type.wireName)
                entry["order"] = .integer(Int64(order[argument.name]!))
                vars[argument.name] = .object(entry)
            }
            definitions[template.name] = .object(["type": .string(template.kind.wireName), "vars": .object(vars)])
        }
        return .array([
            .object(["type": "meta"]),
            .object(["type": "templatePayload", "definitions": .object(definitions)]),
        ])
    }
}
