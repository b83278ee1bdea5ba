
/// Compact JSON text for reports, traces and messages (keys in their stored order).
///
/// A thin layer over the JSON module's printer (`JSONValue.encoded`), so reports print
/// exactly what `json.encode` and the persisted files print. JSON cannot hold NaN or
/// infinity: reports show those as `null` rather than failing.
public enum JSONWriter {
    /// One line of JSON text: `{"a":1,"b":[true,null]}`.
    public static func text(_ value: JSONValue) -> String {
        do { return try value.encoded() } catch {
            return (try? finite(value).encoded()) ?? "null"
        }
    }

    /// A JSON string literal, quotes included.
    public static func quote(_ string: String) -> String { text(.string(string)) }

    /// The value with every non-finite double replaced by `null`.
    private static func finite(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double(let d) where !d.isFinite: return .null
        case .array(let items): return .array(items.map(finite))
        case .object(let object): return .object(object.mapValues(finite))
        default: return value
        }
    }
}
