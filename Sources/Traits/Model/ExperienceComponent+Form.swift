import JSON

extension ExperienceComponent {
    /// `optionSelect`: `label`, `selectMode` (single, multi) and `options` (each a `value` and a
    /// `content` component, optional `selectedContent`) required; `defaultValue`,
    /// `minSelections`, `maxSelections`, `controlPosition`, `leadingFill`, `attributeName` optional.
    static func decodeOptionSelect(_ object: JSONObject, _ reader: JSONReader, _ path: JSONPath, _ depth: Int,
                                   into component: inout ExperienceComponent) throws(LocatedProblem) {
        guard let label = try textModel(object, "label", reader, path) else { throw reader.problem("missing required key", at: path.key("label")) }
        let modeText = try reader.enumeration(object["selectMode"], ["single", "multi"], "SelectMode", at: path.key("selectMode"))
        var options: [Option] = []
        for (index, item) in try reader.array(object["options"], at: path.key("options")).enumerated() {
            let itemPath = path.key("options").index(index)
            let option = try reader.object(item, at: itemPath)
            guard let content = option["content"] else { throw reader.problem("missing required key", at: itemPath.key("content")) }
            var selected: ExperienceComponent?
            if let json = option["selectedContent"], json != .null {
                selected = try decode(json, reader: reader, path: itemPath.key("selectedContent"), depth: depth + 1)
            }
            options.append(Option(value: try reader.string(option["value"], at: itemPath.key("value")),
                                  content: try decode(content, reader: reader, path: itemPath.key("content"), depth: depth + 1),
                                  selectedContent: selected))
        }
        var defaults: [String] = []
        for (index, item) in (try reader.optionalArray(object["defaultValue"], at: path.key("defaultValue")) ?? []).enumerated() {
            defaults.append(try reader.string(item, at: path.key("defaultValue").index(index)))
        }
        let minSelections = try reader.optionalInt(object["minSelections"], at: path.key("minSelections"), min: 0)
        var controlPosition: String?
        if let value = object["controlPosition"], value != .null {
            controlPosition = try reader.enumeration(value, ["leading", "trailing", "top", "bottom", "hidden"], "ControlPosition",
                                                     at: path.key("controlPosition"))
        }
        let trueMin = min(minSelections ?? 0, options.count)
        component.form = FormModel(
            kind: "optionSelect", label: label, attributeName: try reader.optionalString(object["attributeName"], at: path.key("attributeName")),
            defaultValue: defaults, required: trueMin > 0, selectMode: FormModel.SelectMode(rawValue: modeText), options: options,
            minSelections: minSelections, maxSelections: try reader.optionalInt(object["maxSelections"], at: path.key("maxSelections"), min: 0),
            leadingFill: try reader.optionalBool(object["leadingFill"], at: path.key("leadingFill")) ?? false,
            controlPosition: controlPosition, maxLength: nil)
        component.properties["label"] = .string(label)
        component.properties["selectMode"] = .string(modeText)
        component.children = options.map(\.content)
    }

    /// `textInput`: `label` required; `defaultValue`, `required`, `maxLength`, `placeholder`,
    /// `attributeName`, `dataType` optional.
    static func decodeTextInput(_ object: JSONObject, _ reader: JSONReader, _ path: JSONPath,
                                into component: inout ExperienceComponent) throws(LocatedProblem) {
        guard let label = try textModel(object, "label", reader, path) else { throw reader.problem("missing required key", at: path.key("label")) }
        let defaultValue = try reader.optionalString(object["defaultValue"], at: path.key("defaultValue"))
        component.form = FormModel(
            kind: "textInput", label: label, attributeName: try reader.optionalString(object["attributeName"], at: path.key("attributeName")),
            defaultValue: defaultValue.map { [$0] } ?? [], required: try reader.optionalBool(object["required"], at: path.key("required")) ?? false,
            selectMode: nil, options: [], minSelections: nil, maxSelections: nil, leadingFill: false, controlPosition: nil,
            maxLength: try reader.optionalInt(object["maxLength"], at: path.key("maxLength"), min: 0))
        component.properties["label"] = .string(label)
        if let placeholder = try textModel(object, "placeholder", reader, path) { component.properties["placeholder"] = .string(placeholder) }
        if let dataType = try reader.optionalString(object["dataType"], at: path.key("dataType")) { component.properties["dataType"] = .string(dataType) }
    }
}
