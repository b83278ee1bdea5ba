import JSON

/// A step's content as the SDK decodes it (`ExperienceComponent.swift`): a tree of stack, box,
/// text, button, image, spacer, embed, optionSelect, textInput and customComponent components,
/// each with a UUID `id` (kept lower-cased, as the SDK formats ids in actions and analytics).
///
/// Decode one with ``decode(_:path:)``: unknown types and missing keys fail as the SDK's
/// `Decodable` does; a `block` stands for its `content`.
public struct ExperienceComponent: Sendable, Equatable {
    /// The component's kind (`button`).
    public var type: String
    /// The component's id, lower-cased.
    public var id: String
    /// What the headless view shows: the model's own keys (`text`, `orientation`, `imageUrl`, ...).
    public var properties: JSONObject
    /// Child components: a stack's or box's `items`, a button's `content`.
    public var children: [ExperienceComponent]
    /// The form model of an `optionSelect` or `textInput`.
    public var form: FormModel?

    /// What a form component asks (`ExperienceData.FormItem`'s inputs).
    public struct FormModel: Sendable, Equatable {
        public enum SelectMode: String, Sendable { case single, multi }
        /// `textInput` or `optionSelect`.
        public var kind: String
        public var label: String
        public var attributeName: String?
        public var defaultValue: [String]
        /// `textInput`: `required`; `optionSelect`: derived from `minSelections`.
        public var required: Bool
        public var selectMode: SelectMode?
        /// The options, in order: value and the component shown for it.
        public var options: [Option]
        public var minSelections: Int?
        public var maxSelections: Int?
        public var leadingFill: Bool
        public var controlPosition: String?
        public var maxLength: Int?
    }

    /// An `optionSelect` option.
    public struct Option: Sendable, Equatable {
        public var value: String
        public var content: ExperienceComponent
        public var selectedContent: ExperienceComponent?
    }

    /// The text a person reads on the component (the SDK's `textDescription`): a text's text, a
    /// button's content, a stack's items joined by spaces, a form's label, an image's label.
    public var textDescription: String? {
        switch type {
        case "text": return properties["text"]?.stringValue
        case "button": return children.first?.textDescription
        case "stack", "box": return children.compactMap(\.textDescription).joined(separator: " ")
        case "optionSelect", "textInput": return form?.label
        case "image": return properties["accessibilityLabel"]?.stringValue
        default: return nil
        }
    }

    /// Every component of the subtree, depth first (this one first), options' contents included.
    public var allComponents: [ExperienceComponent] {
        var result = [self]
        for child in children { result += child.allComponents }
        for option in form?.options ?? [] {
            result += option.content.allComponents
            if let selected = option.selectedContent { result += selected.allComponents }
        }
        return result
    }

    /// The form components of the subtree, first occurrence of an id kept (`formComponents`).
    public var formComponents: [ExperienceComponent] {
        var seen: Set<String> = []
        return allComponents.filter { $0.form != nil && seen.insert($0.id).inserted }
    }
}
