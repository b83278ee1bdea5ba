import JSON
import OrderedCollections

/// A started process: its definition, where it is, the data entered so far and what the last
/// action submitted.
public final class ProcessInstance {
    /// `ended`: it reached an `end` transition; `stopped`: the app stopped it (`stopProcess`,
    /// `endSession`).
    public enum State: String, Sendable {
        case running, ended, stopped
    }

    /// The instance's id (deterministic in a scenario: the n-th process started gets the n-th id).
    public let uuid: String
    public let definition: ProcessDefinition
    /// The process that started this one with a `startProject` action, if any.
    public let parent: ProcessInstance?
    public internal(set) var state: State = .running
    /// The screen shown (the last one shown once the process ended).
    public internal(set) var screen: ScreenDefinition { didSet { formKeys = nil } }
    /// The keys of `screen`'s form fields (see `formValues()`), made on the first submit, and for
    /// each the index in `data` where it was found last (checked before it is used).
    private var formKeys: (keys: JSONObject, hints: [Int])?
    /// Every value filled in and saved so far (start parameters included).
    public internal(set) var data: JSONObject
    /// Field key → message of the last validation that blocked an action.
    public internal(set) var errors: JSONObject = [:]
    /// The request of the last action that ran: the screen's data and its components' `saveData`.
    public internal(set) var submitted: JSONObject?
    /// Shown modally (the close button calls `dismissRequested`): the start's `isModal`, else the
    /// definition's `modal`.
    public internal(set) var isModal: Bool
    /// Started with `startUIFlow` rather than `startProcess`.
    public internal(set) var isUIFlow = false
    /// The start's `onProcessEnded` (a later `continueExistingProcess` may replace it): called when
    /// the process reaches its end, not when the app stops it.
    var onProcessEnded: (() -> Void)?

    init(uuid: String, definition: ProcessDefinition, parent: ProcessInstance?, data: JSONObject) {
        self.uuid = uuid
        self.definition = definition
        self.parent = parent
        self.data = data
        isModal = definition.isModal
        screen = definition.screens[0]
    }

    /// The state as the `process` expectation key and `flowx.state()` see it.
    public var json: JSONValue {
        var o: JSONObject = ["process": .string(definition.name), "uuid": .string(uuid), "state": .string(state.rawValue),
                             "screen": .string(screen.id)]
        if let step = screen.step { o["step"] = .integer(Int64(step)) }
        if let substep = screen.substep { o["substep"] = .integer(Int64(substep)) }
        o["modal"] = .bool(isModal)
        if isUIFlow { o["uiFlow"] = true }
        o["errors"] = .object(errors)
        o["data"] = .object(data)
        o["submitted"] = submitted.map { .object($0) } ?? .null
        return .object(o)
    }

    /// The screen's form values: each field's key with its value in `data`, in the forms' order (a
    /// key on two forms at its first place), the keys without a value left out. The keys (and
    /// their hash table) are made once per screen and shared by every submit's request.
    func formValues() -> JSONObject {
        var (keys, hints) = formKeys ?? {
            var keys: JSONObject = [:]
            for form in screen.forms { for field in form.fields where keys[field.key] == nil { keys[field.key] = .null } }
            return (keys, Array(repeating: 0, count: keys.count))
        }()
        formKeys = nil   // the hints are changed in place, then put back
        defer { formKeys = (keys, hints) }
        var values = keys
        var complete = true
        let data = self.data
        values.values.withUnsafeMutableBufferPointer { values in
            hints.withUnsafeMutableBufferPointer { hints in
                let dataKeys = data.keys
                for i in values.indices {
                    // Where the key was last time (a comparison), else hashed.
                    var at = hints[i]
                    if at >= dataKeys.count || dataKeys[at] != keys.keys[i] {
                        guard let found = data.index(forKey: keys.keys[i]) else {
                            complete = false
                            return
                        }
                        at = found
                        hints[i] = found
                    }
                    values[i] = data.values[at]
                }
            }
        }
        guard !complete else { return values }
        values = [:]
        for key in keys.keys { if let value = data[key] { values[key] = value } }
        return values
    }

    /// The n-th id: `00000000-0000-4000-8000-00000000000n`.
    static func uuid(number: Int) -> String {
        let digits = String(number)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }
}
