import Foundation
import OrderedCollections
import JSON

/// A shown experience with what the SDK keeps beside the model (`ExperienceData`): how it was
/// triggered, its instance id, the form state of every step and the id of an open recoverable error.
public final class ExperienceData {
    /// A step's form: its fields by component id, in content order, and whether errors show.
    public final class StepState {
        public internal(set) var formItems: OrderedDictionary<String, FormItem>
        /// Set when `@appcues/submit-form` found the form incomplete.
        public internal(set) var shouldShowErrors = false
        init(formItems: OrderedDictionary<String, FormItem>) { self.formItems = formItems }

        /// Every field satisfies its validators.
        public var stepFormIsComplete: Bool { formItems.values.allSatisfy(\.isSatisfied) }

        /// Whether a field shows its error (`shouldShowErrors` and the field unsatisfied).
        public func shouldShowError(for id: String) -> Bool {
            shouldShowErrors && !(formItems[id]?.isSatisfied ?? false)
        }

        /// The profile attributes a submit sets: `_appcuesForm_<label slug>` and each `attributeName`.
        public var profileUpdate: JSONObject {
            var update: JSONObject = [:]
            for item in formItems.values {
                update["_appcuesForm_\(ExperienceData.slug(item.label))"] = .string(item.value.text)
                if let name = item.attributeName { update[name] = .string(item.value.text) }
            }
            return update
        }

        /// The `formResponse` of the form event: one object per field.
        public var formResponse: JSONValue {
            .array(formItems.map { id, item in
                var object: JSONObject = ["fieldId": .string(id), "fieldType": .string(item.type), "fieldRequired": .bool(item.required),
                                          "value": .string(item.value.text), "label": .string(item.label)]
                if let position = item.valuePosition { object["position"] = .string(position) }
                return .object(object)
            })
        }
    }

    public let model: Experience
    /// `show_call`, `qualification`, `launch_action`, `experience_completion_action`, `deep_link`, `preview`.
    public let trigger: String
    /// The experience that launched this one (a launch or completion action).
    public let fromExperienceID: String?
    public let published: Bool
    public let instanceID: String
    /// A decoding error: the experience fails with `experience_error` when started.
    public let error: String?
    /// Shown from a qualification response (`traits.qualify`): its analytics `trigger` is the
    /// response's reason (`screen_view`, ...; none without one), as the SDK's
    /// `ExperienceTrigger.qualification(reason:)`.
    public internal(set) var qualified = false
    public internal(set) var qualificationReason: String?

    /// The analytics `trigger` property: the trigger (none for a preview), or a qualified
    /// experience's reason.
    public var triggerProperty: String? { qualified ? qualificationReason : trigger == "preview" ? nil : trigger }
    var recoverableErrorID: String?
    private var steps: [String: StepState] = [:]

    public init(_ model: Experience, trigger: String = "show_call", fromExperienceID: String? = nil, published: Bool = true,
                instanceID: String, error: String? = nil) {
        self.model = model
        self.trigger = trigger
        self.fromExperienceID = fromExperienceID
        self.published = published
        self.instanceID = instanceID
        self.error = error
        for step in model.steps {
            for child in step.items {
                var items: OrderedDictionary<String, FormItem> = [:]
                for component in child.content?.formComponents ?? [] where items[component.id] == nil {
                    if let form = component.form { items[component.id] = FormItem(model: form) }
                }
                steps[Experience.formatted(child.id)] = StepState(formItems: items)
            }
        }
    }

    public var id: String { model.id }

    /// Navigating before render: every trigger but qualification runs a group's `navigate` actions first.
    public var shouldNavigateBeforeRender: Bool { trigger != "qualification" }

    /// The form of a step (an empty one for an unknown id).
    public func state(for stepID: String) -> StepState {
        steps[Experience.formatted(stepID)] ?? StepState(formItems: [:])
    }

    /// The form of the step at an index (nil when there is none).
    public func state(at index: Experience.StepIndex) -> StepState? {
        model.step(at: index).map { state(for: $0.id) }
    }

    /// Every field's value by component id, all steps together (`flatFormState`).
    public func flatFormState() -> [String: String] {
        var result: [String: String] = [:]
        for state in steps.values { for (id, item) in state.formItems { result[id] = item.value.text } }
        return result
    }

    /// A label as the SDK slugs it: lower-cased ASCII letters and digits, runs of others as `-`.
    static func slug(_ label: String) -> String {
        let latin = label.applyingTransform(StringTransform("Any-Latin; Latin-ASCII; Lower;"), reverse: false) ?? label
        return latin.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "-")
    }
}
