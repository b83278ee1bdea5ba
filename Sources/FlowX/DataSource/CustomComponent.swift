import JSON
import OrderedCollections

/// A custom component the host app provides for an identifier. The renderer's controller, view
/// and view-model styles collapse into this one headless component.
///
/// ## Implementation requirements
/// - `populateUI(data:actions:)` runs when the screen shows; return the properties the component
///   shows (they appear on its view in the headless UI); `updateUI(data:)` when its data changes.
/// - `saveData()` is merged into the request of every action run on its screen.
/// - `validate()` runs when an action validates the component (its id in the action's
///   `validate`); false blocks the action.
/// - `titleForScreen()` (the SDK's `FXController`): a title for the screen it is on; nil keeps
///   the screen's own.
/// - A component runs its own actions (those in its definition's `actions`) with
///   ``ProcessRenderer/action(_:params:)`` and uploads with ``ProcessRenderer/upload(_:file:)``.
/// - Throwing is contained: recorded as an error; a throwing `validate` counts as false.
public protocol CustomComponent: AnyObject {
    func titleForScreen() throws -> String?
    func populateUI(data: JSONValue, actions: [String]) throws -> JSONObject
    func updateUI(data: JSONValue) throws -> JSONObject
    func saveData() throws -> JSONObject
    func validate() throws -> Bool
}

extension CustomComponent {
    public func titleForScreen() throws -> String? { nil }
    public func populateUI(data: JSONValue, actions: [String]) throws -> JSONObject { [:] }
    public func updateUI(data: JSONValue) throws -> JSONObject { [:] }
    public func saveData() throws -> JSONObject { [:] }
    public func validate() throws -> Bool { true }
}
