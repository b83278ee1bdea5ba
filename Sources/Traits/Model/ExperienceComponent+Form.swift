import JSON

extension ExperienceComponent {
    /// `optionSelect`: `label`, `selectMode` (single, multi) and `options` (each a `value` and a
    /// `content` component, optional `selectedContent`) required; `defaultValue`,
    /// `minSelections`, `maxSelections`, `controlPosition`, `leadingFill`, `attributeName` optional.
    static func decodeOptionSelect(_ object: JSONObject, _ path: String, _ depth: Int,
                                   into component: inout ExperienceComponent) throws(ExperienceDecodingError) {
        guard let label = try textModel(object, "label", path) else { throw Decoding.missing(path, "label") }
        let modeText = try Decoding.string(object, "selectMode", path)
        guard let mode = FormModel.SelectMode(rawValue: modeText) else {
            throw ExperienceDecodingError(path: path + ".selectMode", message: "cannot initialize SelectMode from invalid String value \(modeText)")
        }
        var options: [Option] = []
        for (index, item) in try Decoding.array(object, "options", path).enumerated() {
            let itemPath = "\(path).options[\(index)]"
            let option = try Decoding.object(item, itemPath)
            guard let content = option["content"] else { throw Decoding.missing(itemPath, "content") }
            options.append(Option(
                value: try Decoding.string(option, "value", itemPath),
                content: try decode(content, path: itemPath + ".content", depth: depth + 1),
                selectedContent: try option["selectedContent"].flatMap { $0.isNull ? nil : $0 }
                    .map { (json) throws(ExperienceDecodingError) in try decode(json, path: itemPath + ".selectedContent", depth: depth + 1) }))
        }
        var defaults: [String] = []
        if let value = object["defaultValue"], !value.isNull {
            guard case .array(let items) = value else { throw Decoding.mismatch(path + ".defaultValue", "an array", value) }
            for (index, item) in items.enumerated() {
                guard case .string(let s) = item else { throw Decoding.mismatch("\(path).defaultValue[\(index)]", "a string", item) }
                defaults.append(s)
            }
        }
        let minSelections = try Decoding.optionalInt(object, "minSelections", path, min: 0)
        let controlPosition = try Decoding.optionalString(object, "controlPosition", path)
        if let controlPosition, !["leading", "trailing", "top", "bottom", "hidden"].contains(controlPosition) {
            throw ExperienceDecodingError(path: path + ".controlPosition",
                                          message: "cannot initialize ControlPosition from invalid String value \(controlPosition)")
        }
        let trueMin = min(minSelections ?? 0, options.count)
        component.form = FormModel(
            kind: "optionSelect", label: label, attributeName: try Decoding.optionalString(object, "attributeName", path),
            defaultValue: defaults, required: trueMin > 0, selectMode: mode, options: options, minSelections: minSelections,
            maxSelections: try Decoding.optionalInt(object, "maxSelections", path, min: 0),
            leadingFill: try Decoding.optionalBool(object, "leadingFill", path) ?? false, controlPosition: controlPosition, maxLength: nil)
        component.properties["label"] = .string(label)
        component.properties["selectMode"] = .string(modeText)
        component.children = options.map(\.content)
    }

    /// `textInput`: `label` required; `defaultValue`, `required`, `maxLength`, `placeholder`,
    /// `attributeName`, `dataType` optional.
    static func decodeTextInput(_ object: JSONObject, _ path: String, into component: inout ExperienceComponent) throws(ExperienceDecodingError) {
        guard let label = try textModel(object, "label", path) else { throw Decoding.missing(path, "label") }
        let defaultValue = try Decoding.optionalString(object, "defaultValue", path)
        component.form = FormModel(
            kind: "textInput", label: label, attributeName: try Decoding.optionalString(object, "attributeName", path),
            defaultValue: defaultValue.map { [$0] } ?? [], required: try Decoding.optionalBool(object, "required", path) ?? false,
            selectMode: nil, options: [], minSelections: nil, maxSelections: nil, leadingFill: false, controlPosition: nil,
            maxLength: try Decoding.optionalInt(object, "maxLength", path, min: 0))
        component.properties["label"] = .string(label)
        if let placeholder = try textModel(object, "placeholder", path) { component.properties["placeholder"] = .string(placeholder) }
        if let dataType = try Decoding.optionalString(object, "dataType", path) { component.properties["dataType"] = .string(dataType) }
    }
}
