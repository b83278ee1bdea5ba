import JSON

/// What FlowX definitions read beyond the shared reader: step counts and validator parameters.
extension JSONReader {
    func optionalInt(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> Int? {
        guard let value, value != .null else { return nil }
        guard let i = value.integerValue, i >= 1, i < 1_000_000 else {
            throw problem("expected a whole number ≥ 1, got \(JSONWriter.text(value))", at: path)
        }
        return Int(i)
    }

    /// Validator parameters: strings; numbers and booleans are written out as the renderer's editor stores them.
    func params(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> [String] {
        guard let value, value != .null else { return [] }
        var result: [String] = []
        for (i, element) in try array(value, at: path).enumerated() {
            switch element {
            case .string(let s): result.append(s)
            case .integer, .double, .bool: result.append(BuiltInValidator.text(element))
            default: throw problem("expected a string, got \(element.typeName)", at: path.index(i))
            }
        }
        return result
    }
}
