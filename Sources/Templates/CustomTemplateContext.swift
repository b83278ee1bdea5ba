import JSON

/// What a presenter gets: the merged argument values of one in-app and its controls.
///
/// Per defined argument the value is the default, replaced by `vars[name]` when
/// that value has the argument's type (a wrong-typed override keeps the
/// default; undefined vars are ignored). A file value is the local path of the
/// downloaded file. `presented()`, `dismissed()` and `triggerAction(_:)` act
/// once the rules of templates.md allow; after `dismissed()` they do nothing.
public final class CustomTemplateContext {
    /// The template being presented.
    public let template: CustomTemplate
    /// The in-app notification being presented.
    public let notification: InAppNotification
    /// Merged values in argument order (file arguments hold local paths).
    public let values: JSONObject
    /// True after `presented()` recorded the view.
    // These three without dynamic exclusivity checks: plain reads and writes that call out to nothing.
    @exclusivity(unchecked) public private(set) var isPresented = false
    /// True after `dismissed()` (the context is then inert).
    @exclusivity(unchecked) public private(set) var isDismissed = false
    @exclusivity(unchecked) weak var controller: InAppController?

    /// The template name.
    public var templateName: String { template.name }
    /// True for an in-app spawned by an action.
    public var isAction: Bool { notification.isAction }

    /// Creates a context; `files` maps file argument names to local paths.
    public init(template: CustomTemplate, notification: InAppNotification, files: [String: String] = [:]) {
        self.template = template
        self.notification = notification
        self.values = Self.merge(template: template, vars: notification.vars, files: files)
    }

    /// The merged value of every argument: default, or a `vars` override of the same type.
    public static func merge(template: CustomTemplate, vars: JSONObject, files: [String: String]) -> JSONObject {
        var values = JSONObject(minimumCapacity: template.arguments.count)
        for argument in template.arguments {
            var value = argument.defaultValue
            if let override = vars[argument.name], argument.type.accepts(override) { value = override }
            if argument.type == .file { value = files[argument.name].map(JSONValue.string) }
            if let value { values[argument.name] = value }
        }
        return values
    }

    /// The merged value of `name` as JSON (nil when undefined or without value): what bindings use.
    public func value(_ name: String) -> JSONValue? { values[name] }

    /// The string value, or nil.
    public func string(_ name: String) -> String? { values[name]?.stringValue }
    /// The number value; 0 when missing (as the SDK's typed getters). A boolean reads as 1/0.
    public func number(_ name: String) -> Double {
        if case .bool(let b)? = values[name] { return b ? 1 : 0 }
        return values[name]?.doubleValue ?? 0
    }
    /// The number value truncated to an integer; 0 when missing.
    public func integer(_ name: String) -> Int64 {
        if case .bool(let b)? = values[name] { return b ? 1 : 0 }
        guard let d = values[name]?.doubleValue else { return 0 }
        if case .integer(let i)? = values[name] { return i }
        return d.isFinite && abs(d) < 9.2e18 ? Int64(d) : 0
    }
    /// The boolean value (`boolValue`: a number is true when non-zero); false when missing.
    public func boolean(_ name: String) -> Bool {
        if let d = values[name]?.doubleValue { return d != 0 }
        return values[name]?.boolValue ?? false
    }
    /// The local path of a file argument, or nil. As the SDK's `fileNamed:`, any string
    /// argument's value is returned (there is no type check).
    public func file(_ name: String) -> String? { values[name]?.stringValue }

    /// Every merged value under `name.`, nested on dots; nil when there is none.
    ///
    /// An action value reads as its `templateName`, else its action type.
    public func dictionary(_ name: String) -> JSONObject? {
        let prefix = name + "."
        var result = JSONObject()
        var found = false
        for argument in template.arguments where argument.name.hasPrefix(prefix) {
            guard var value = values[argument.name] else { continue }
            if argument.type == .action { value = Self.actionSummary(value) }
            let path = argument.name.dropFirst(prefix.count).split(separator: ".").map(String.init)
            Self.insert(value, at: path[...], into: &result)
            found = true
        }
        return found ? result : nil
    }

    /// Triggers the action argument `name` (close, url, kv or custom-code).
    ///
    /// On an argument that holds no action (another type, or an action argument without a
    /// value) it logs the SDK's `No argument of type action with name <n> for template <t>.`;
    /// on an app function or after `dismissed()` it does nothing.
    public func triggerAction(_ name: String) {
        guard !isDismissed, template.kind == .template, let controller else { return }
        guard template.argument(named: name)?.type == .action, let actions = values[name]?["actions"]?.objectValue else {
            controller.log("No argument of type action with name \(name) for template \(templateName).")
            return
        }
        controller.perform(actions, argument: name, from: self)
    }

    /// Records that the template is shown, each time it is called, as the SDK does (not for an
    /// in-app spawned by an action; nothing after `dismissed()`).
    public func presented() {
        guard !isDismissed, !isAction, let controller else { return }
        isPresented = true
        controller.contextPresented(self)
    }

    /// Ends the presentation (once): frees the template and, unless it is a
    /// non-visual action, the display so the next in-app can show.
    public func dismissed() {
        guard !isDismissed else { return }
        isDismissed = true
        controller?.contextDismissed(self)
    }

    /// Makes the context inert without recording (after a presenter threw).
    func invalidate() { isDismissed = true }

    /// An action in a dictionary: its template name, else its type; an unknown type reads as `""`.
    static func actionSummary(_ value: JSONValue) -> JSONValue {
        guard let actions = value["actions"] else { return value }
        if let name = actions["templateName"]?.stringValue { return .string(name) }
        let type = actions["type"]?.stringValue ?? ""
        return .string(["close", "url", "kv", "custom-code"].contains(type) ? type : "")
    }

    private static func insert(_ value: JSONValue, at path: ArraySlice<String>, into object: inout JSONObject) {
        guard let head = path.first else { return }
        if path.count == 1 {
            object[head] = value
            return
        }
        var child = object[head]?.objectValue ?? JSONObject()
        insert(value, at: path.dropFirst(), into: &child)
        object[head] = .object(child)
    }
}
