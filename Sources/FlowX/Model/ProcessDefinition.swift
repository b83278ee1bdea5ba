import JSON
import OrderedCollections
import SystemKit

/// A headless FlowX process: user-task screens holding forms, custom components and buttons,
/// actions bound to the buttons, an optional stepper, and sub-processes that actions start.
/// The format is ctlua's own, shaped after the renderer's UI components (docs/flowx.md).
public struct ProcessDefinition: Equatable, Sendable {
    public var name: String
    /// Shown modally: the data source's `dismissRequested` runs when the user closes it.
    public var isModal: Bool
    /// Screen ids in order; the first one is shown when the process starts.
    public var screens: [ScreenDefinition]
    public var actions: [String: ActionDefinition]
    /// The stepper's steps (titles and substep counts); empty: no stepper.
    public var stepper: [StepperStep]
    /// Processes defined inside this one (started by `startProject` actions).
    public var processes: [ProcessDefinition]

    public func screen(_ id: String) -> ScreenDefinition? { screens.first { $0.id == id } }
}

/// A user-task screen.
public struct ScreenDefinition: Equatable, Sendable {
    public var id: String
    public var title: String?
    /// The stepper position (1-based), when the process has a stepper.
    public var step: Int?
    public var substep: Int?
    /// The screen analytics event (`collect(event:)` when the screen shows), if any.
    public var analytics: AnalyticsSpec?
    public var forms: [FormDefinition]
    public var components: [ComponentDefinition]
    public var buttons: [ButtonDefinition]
}

/// A custom component on a screen: its identifier names the component the host app provides.
public struct ComponentDefinition: Equatable, Sendable {
    public var id: String
    public var identifier: String
    /// The data the renderer hands the component (`data`).
    public var data: JSONValue
    /// Action names the component may run (`actions`).
    public var actions: [String]
    /// Process data keys merged into `data` when the screen shows and whenever one is filled
    /// (then `updateUI` runs): how the component sees what the user typed.
    public var inputs: [String]

    /// `data` with the current values of `inputs` merged in.
    func data(with values: JSONObject) -> JSONValue {
        guard !inputs.isEmpty else { return data }
        var merged = data.objectValue ?? [:]
        for key in inputs { if let value = values[key] { merged[key] = value } }
        return .object(merged)
    }
}

/// A button: tapping it runs its action; `analytics` is its action event.
public struct ButtonDefinition: Equatable, Sendable {
    /// The component type analytics events name (`component`): the SDK's UI component type.
    public static let componentType = "BUTTON"

    public var id: String
    public var label: String?
    public var action: String
    public var analytics: AnalyticsSpec?
}

/// An analytics event's `value` and `customPayload` as the process designer set them.
public struct AnalyticsSpec: Equatable, Sendable {
    public var value: String
    public var customPayload: JSONValue
}

/// One stepper step: its title and, when it has a stepper of its own, its substeps (a count,
/// or their titles).
public struct StepperStep: Equatable, Sendable {
    public var title: String
    /// 1 when the step has no substeps.
    public var substeps: Int
    /// The substeps were given (`substeps`): the step has a stepper of its own.
    public var hasSubsteps = false
    /// Titles of the substeps, when given as `[{"title": ...}]`.
    public var substepTitles: [String?] = []
}

/// What an action does.
public struct ActionDefinition: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Validates, merges components' `saveData`, submits the data and moves on.
        case saveData
        /// Starts another process (the renderer's `START_PROJECT`): `process` names it.
        case startProject
        /// Uploads a file (the `upload` step gives it), then moves on.
        case upload
        /// Closes a modal process (`dismissRequested`).
        case dismiss
    }

    public var name: String
    public var kind: Kind
    /// Forms and custom components (by id) validated before the action runs.
    public var validate: [String]
    /// Where to go next: the first transition whose condition holds.
    public var transitions: [Transition]
    /// `next` was one screen id (not an array): errors name `next` itself.
    var nextIsSingle = false
    /// `startProject`: the process to start.
    public var process: String?
    /// Simulates the server rejecting the action: `errorReceivedForAction` runs, the screen stays.
    public var error: String?
}

/// `{"to": "screen"}`, or with a condition on the process data `{"when": {"key": value}, "to": ...}`;
/// `"end"` ends the process.
public struct Transition: Equatable, Sendable {
    public var when: JSONObject?
    public var to: String

    /// True when every key of `when` equals the data's value.
    func applies(to data: JSONObject) -> Bool {
        (when ?? [:]).allSatisfy { key, value in JSONMatch.matches(value, data[key] ?? .null) }
    }
}
