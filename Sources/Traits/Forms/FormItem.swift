import JSON

/// One form field's state (the SDK's `ExperienceData.FormItem`): a text input's text or an
/// option select's selection, with the validators its model implies.
public struct FormItem: Sendable, Equatable {
    /// The value: one string, one string in a leading-fill order, or a multi selection.
    public enum Value: Sendable, Equatable {
        case single(String)
        case singleLeadingFill(String, orderedValues: [String])
        case multi([String], max: Int?)

        public var isSet: Bool {
            switch self {
            case .single(let value), .singleLeadingFill(let value, _): return !value.isEmpty
            case .multi(let values, _): return !values.isEmpty
            }
        }

        /// The value as a string: a multi selection joined by newlines.
        public var text: String {
            switch self {
            case .single(let value), .singleLeadingFill(let value, _): return value
            case .multi(let values, _): return values.joined(separator: "\n")
            }
        }
    }

    /// A rule the value must satisfy.
    public enum Validator: Sendable, Equatable {
        case nonEmpty
        case minSelections(Int)
        case maxSelections(Int)

        func isSatisfied(_ value: Value) -> Bool {
            switch (self, value) {
            case (.nonEmpty, _), (.minSelections, .single), (.minSelections, .singleLeadingFill): return value.isSet
            case (.maxSelections, .single), (.maxSelections, .singleLeadingFill): return true
            case (.minSelections(let min), .multi(let set, _)): return set.count >= min
            case (.maxSelections(let max), .multi(let set, _)): return set.count <= max
            }
        }
    }

    /// `textInput` or `optionSelect`.
    public let type: String
    public let label: String
    public let attributeName: String?
    public private(set) var value: Value
    public let validators: [Validator]
    public let required: Bool
    /// An option select's option values, in order (nil for a text input).
    public let options: [String]?

    public init(model: ExperienceComponent.FormModel) {
        type = model.kind
        label = model.label
        attributeName = model.attributeName
        guard model.kind == "optionSelect" else {
            value = .single(model.defaultValue.first ?? "")
            validators = model.required ? [.nonEmpty] : []
            required = model.required
            options = nil
            return
        }
        let values = model.options.map(\.value)
        let trueMin = min(model.minSelections ?? 0, values.count)
        let trueMax = model.maxSelections.map { max(trueMin, $0) }
        switch model.selectMode ?? .single {
        case .single:
            if model.leadingFill && model.controlPosition == "hidden" {
                value = .singleLeadingFill(model.defaultValue.first ?? "", orderedValues: values)
            } else {
                value = .single(model.defaultValue.first ?? "")
            }
        case .multi:
            value = .multi(model.defaultValue, max: trueMax)
        }
        var validators: [Validator] = []
        if trueMin > 0 { validators.append(.minSelections(model.selectMode == .multi ? trueMin : 1)) }
        if let trueMax { validators.append(.maxSelections(trueMax)) }
        self.validators = validators
        required = trueMin > 0
        options = values
    }

    public var isSatisfied: Bool { validators.allSatisfy { $0.isSatisfied(value) } }

    /// Sets a text, selects an option, or toggles one in a multi selection (up to its maximum).
    public mutating func setValue(_ newValue: String) {
        switch value {
        case .single: value = .single(newValue)
        case .singleLeadingFill(_, let ordered): value = .singleLeadingFill(newValue, orderedValues: ordered)
        case .multi(var existing, let maxSelections):
            if existing.contains(newValue) {
                existing.removeAll { $0 == newValue }
            } else if maxSelections.map({ existing.count < $0 }) ?? true {
                existing.append(newValue)
            }
            value = .multi(existing, max: maxSelections)
        }
    }

    /// Whether an option shows as selected (leading fill: every option up to the selected one).
    public func isSelected(_ search: String) -> Bool {
        switch value {
        case .single(let existing): return existing == search
        case .singleLeadingFill(let existing, let ordered):
            guard let existingIndex = ordered.firstIndex(of: existing), let searchIndex = ordered.firstIndex(of: search) else { return false }
            return existingIndex >= searchIndex
        case .multi(let existing, _): return existing.contains(search)
        }
    }

    /// The selected options' positions, newline-separated (`-1` for a value not among them).
    public var valuePosition: String? {
        guard let options else { return nil }
        return value.text.split(separator: "\n").map { selected in String(options.firstIndex { $0 == selected } ?? -1) }
            .joined(separator: "\n")
    }
}
