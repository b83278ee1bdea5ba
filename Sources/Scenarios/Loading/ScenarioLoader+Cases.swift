import JSON

/// Parameterized scenarios: `"cases": [{"name": "gold", "vars": {"tier": "gold"}}, ...]` runs the
/// scenario once per case, as a separate test named `<name> [<case name>]`. In the scenario's
/// strings, `"${tier}"` alone becomes the variable's value (any JSON value); inside a longer string
/// it becomes its text (a string as is, other values as JSON). A case may have `skip`, `todo`, `only`.
extension ScenarioLoader {
    static let caseShape = ValueShape.arrayOf(.named("{name, vars}", .record(
        members: ["name": .string, "vars": .object, "skip": ScenarioMark.shape, "todo": ScenarioMark.shape, "only": .boolean],
        required: ["name"])))

    /// One scenario per case (or the scenario itself without `cases`), each validated.
    func expand(_ root: JSONValue, validate: (JSONValue, String?) -> Scenario, into v: inout Validation) -> [Scenario] {
        guard case .object(var object) = root, let cases = object["cases"] else { return [validate(root, nil)] }
        let problems = Self.caseShape.check(cases, at: .root.key("cases"))
        v.add(problems)
        guard problems.isEmpty, let list = cases.arrayValue else { return [] }
        if list.isEmpty { v.add(.root.key("cases"), "no case: give at least one {\"name\": ..., \"vars\": {...}}") }
        object["cases"] = nil
        let template = JSONValue.object(object)
        var names: Set<String> = []
        var scenarios: [Scenario] = []
        for (i, entry) in list.enumerated() {
            let name = entry["name"]?.stringValue ?? "\(i)"
            if !names.insert(name).inserted { v.add(JSONPath.root.key("cases").index(i).key("name"), "duplicate case name \(JSONWriter.quote(name))") }
            let vars = entry["vars"]?.objectValue ?? [:]
            var unknown: Set<String> = []
            var expanded = Self.substitute(template, vars, unknown: &unknown)
            for variable in unknown.sorted() {
                v.add(JSONPath.root.key("cases").index(i), "unknown variable ${\(variable)} (the case's vars: \(vars.keys.sorted().joined(separator: ", ")))")
            }
            if case .object(var expandedObject) = expanded {
                // The case's marks apply to its scenario; the scenario's own marks to every case.
                for key in ["skip", "todo", "only"] where entry[key] != nil { expandedObject[key] = entry[key] }
                expanded = .object(expandedObject)
            }
            scenarios.append(validate(expanded, name))
        }
        return scenarios
    }

    /// `${name}` replaced by the variable's value throughout `value`.
    static func substitute(_ value: JSONValue, _ vars: JSONObject, unknown: inout Set<String>) -> JSONValue {
        switch value {
        case .string(let text):
            guard text.contains("${") else { return value }
            if text.hasPrefix("${"), text.hasSuffix("}"), text.dropFirst(2).dropLast().allSatisfy(isNameCharacter) {
                let name = String(text.dropFirst(2).dropLast())
                if let replacement = vars[name] { return replacement }
                unknown.insert(name)
                return value
            }
            var out = ""
            var rest = Substring(text)
            while let start = rest.range(of: "${") {
                out += rest[..<start.lowerBound]
                let after = rest[start.upperBound...]
                guard let end = after.firstIndex(of: "}"), after[..<end].allSatisfy(isNameCharacter) else {
                    out += "${"
                    rest = after
                    continue
                }
                let name = String(after[..<end])
                if let replacement = vars[name] {
                    out += replacement.stringValue ?? JSONWriter.text(replacement)
                } else {
                    unknown.insert(name)
                    out += "${\(name)}"
                }
                rest = after[after.index(after: end)...]
            }
            return .string(out + rest)
        case .array(let items):
            return .array(items.map { substitute($0, vars, unknown: &unknown) })
        case .object(let object):
            var out = JSONObject()
            for (key, member) in object { out[key] = substitute(member, vars, unknown: &unknown) }
            return .object(out)
        default:
            return value
        }
    }

    private static func isNameCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
}
