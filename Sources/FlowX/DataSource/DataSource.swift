import JSON
import OrderedCollections

/// The host app's answers to the renderer (the SDK's `FXDataSource`), headless: views are
/// ``HeadlessView`` values shown in the engine's headless UI.
///
/// ## Implementation requirements
/// - Every method has a default: implement only what your app provides. Methods run on the
///   engine's thread, at the moments the renderer calls them (see docs/flowx.md).
/// - `validate(validatorName:value:params:)` answers custom validators that were not registered
///   with ``ValidatorRegistry/register(_:_:)``; return nil for a name you do not know (the
///   registry's unknown-name rule then applies).
/// - Throwing from a method is contained: the error is recorded and the renderer goes on.
public protocol DataSource: AnyObject {
    /// A custom validator: true when `value` is valid.
    func validate(validatorName: String, value: String, params: [String]?) -> Bool?
    /// Analytics: a screen or an action event.
    func collect(event: AnalyticsEvent) throws
    /// The custom component for an identifier (nil: the renderer shows nothing for it).
    func component(for identifier: String) throws -> (any CustomComponent)?
    /// The server rejected an action.
    func errorReceivedForAction(_ name: String) throws
    /// The user closed a modal process.
    func dismissRequested(process: String) throws
    /// A process was started by an action (`START_PROJECT`).
    func newProcessStarted(uuid: String) throws
    /// A loader view for the renderer to show while it waits (nil: its own loader).
    func customLoader(type: CustomLoaderType) throws -> HeadlessView?
    /// The stepper header view for a screen with a stepper (nil: none).
    func viewForStepperHeader(stepViewModel: StepViewModel) throws -> HeadlessView?
}

extension DataSource {
    public func validate(validatorName: String, value: String, params: [String]?) -> Bool? { nil }
    public func collect(event: AnalyticsEvent) throws {}
    public func component(for identifier: String) throws -> (any CustomComponent)? { nil }
    public func errorReceivedForAction(_ name: String) throws {}
    public func dismissRequested(process: String) throws {}
    public func newProcessStarted(uuid: String) throws {}
    public func customLoader(type: CustomLoaderType) throws -> HeadlessView? { nil }
    public func viewForStepperHeader(stepViewModel: StepViewModel) throws -> HeadlessView? { nil }
}

/// A data source that provides nothing (the renderer's defaults everywhere).
public final class DefaultDataSource: DataSource {
    public init() {}
}

/// A view the host app hands the renderer, headless: an id and properties.
public struct HeadlessView: Equatable, Sendable {
    public var id: String
    public var properties: JSONObject
    public init(id: String, properties: JSONObject = [:]) {
        self.id = id
        self.properties = properties
    }
}

/// What the renderer is waiting for when it asks for a custom loader.
public enum CustomLoaderType: Equatable, Sendable {
    case startProcess
    case reloadProcess
    case action(name: String)
    case upload(name: String)

    /// `startProcess`, `reloadProcess`, `action`, `upload`.
    public var kind: String {
        switch self {
        case .startProcess: return "startProcess"
        case .reloadProcess: return "reloadProcess"
        case .action: return "action"
        case .upload: return "upload"
        }
    }

    /// The action's name, for `action` and `upload`.
    public var name: String? {
        switch self {
        case .action(let name), .upload(let name): return name
        default: return nil
        }
    }

    /// `{"type": "action", "name": "save"}`.
    public var json: JSONValue {
        var o: JSONObject = ["type": .string(kind)]
        if let name { o["name"] = .string(name) }
        return .object(o)
    }
}

/// The stepper position of a screen, as the renderer describes it to the header view, with the
/// SDK's field names: `stepTitle`, `substepTitle`, `step`, `totalSteps`, `substep`,
/// `totalSubsteps` (the substep fields only when the step has a stepper of its own).
public struct StepViewModel: Equatable, Sendable {
    public var stepTitle: String?
    public var substepTitle: String?
    /// 1-based.
    public var step: Int
    public var totalSteps: Int
    /// 1-based; nil when the step has no substeps.
    public var substep: Int?
    public var totalSubsteps: Int?

    public init(stepTitle: String?, substepTitle: String? = nil, step: Int, totalSteps: Int, substep: Int? = nil,
                totalSubsteps: Int? = nil) {
        self.stepTitle = stepTitle
        self.substepTitle = substepTitle
        self.step = step
        self.totalSteps = totalSteps
        self.substep = substep
        self.totalSubsteps = totalSubsteps
    }

    public var json: JSONValue {
        var o: JSONObject = ["step": .integer(Int64(step)), "totalSteps": .integer(Int64(totalSteps))]
        if let stepTitle { o["stepTitle"] = .string(stepTitle) }
        if let substepTitle { o["substepTitle"] = .string(substepTitle) }
        if let substep { o["substep"] = .integer(Int64(substep)) }
        if let totalSubsteps { o["totalSubsteps"] = .integer(Int64(totalSubsteps)) }
        return .object(o)
    }
}
