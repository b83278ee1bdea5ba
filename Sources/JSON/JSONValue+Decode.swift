import CJansson
import CLuaSupport

extension JSONValue {
    /// Parses JSON text (any value at top level).
    ///
    /// Integers stay `.integer`, numbers with a fraction or exponent become
    /// `.double`; an integer outside Int64 is an error (`too big integer`).
    /// Strings may contain `\u0000`. An object that repeats a key is an error. Nesting is
    /// bounded by `options.maxDepth`. Outside this module, read JSON text with ``JSONDocument``
    /// (the same parse, with positions for messages).
    ///
    /// - Throws: `JSONError.syntax` or `.tooDeep`, with line and column.
    public static func decode(_ text: String, options: JSONDecodeOptions = .init()) throws(JSONError)
        -> JSONValue
    {
        var text = text
        return try text.withUTF8 { decodeResult(UnsafeRawBufferPointer($0), options: options) }.get()
    }

    /// Parses JSON from UTF-8 bytes; invalid UTF-8 is an error with its position.
    public static func decode(_ bytes: [UInt8], options: JSONDecodeOptions = .init()) throws(JSONError)
        -> JSONValue
    {
        try bytes.withUnsafeBytes { decodeResult($0, options: options) }.get()
    }

    private static func decodeResult(_ buffer: UnsafeRawBufferPointer, options: JSONDecodeOptions)
        -> Result<JSONValue, JSONError>
    {
        var error = ctl_json_error()
        let root = ctl_json_decode(
            buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count,
            1, Int32(clamping: options.maxDepth), &error)
        guard let root else { return .failure(JSONError(decoding: &error)) }
        defer { ctl_json_decref(root) }
        return .success(JSONValue(jansson: root))
    }

    /// Converts a jansson value (borrowed: the caller keeps its reference).
    ///
    /// Recursive: meant for trees from `decode` (depth-bounded) or built by
    /// `withJansson`.
    public init(jansson json: UnsafeMutablePointer<json_t>) {
        self.init(jansson: json, sortingKeys: false)
    }

    /// Converts a jansson value; with `sortingKeys`, every object's keys in sorted order (the
    /// same value as `JSONValue(jansson:).sortingObjectKeys()`, built once instead of twice).
    public init(jansson json: UnsafeMutablePointer<json_t>, sortingKeys: Bool) {
        switch json.pointee.type {
        case JSON_OBJECT:
            var entries: [(key: String, value: UnsafeMutablePointer<json_t>)] = []
            entries.reserveCapacity(json_object_size(json))
            var iterator = json_object_iter(json)
            while let it = iterator {
                let key = String(
                    decoding: UnsafeRawBufferPointer(start: json_object_iter_key(it), count: json_object_iter_key_len(it)),
                    as: UTF8.self)
                if let value = json_object_iter_value(it) { entries.append((key, value)) }
                iterator = json_object_iter_next(json, it)
            }
            if sortingKeys { entries.sort { $0.key < $1.key } }
            var object = JSONObject(minimumCapacity: entries.count)
            for (key, value) in entries { object[key] = JSONValue(jansson: value, sortingKeys: sortingKeys) }
            self = .object(object)
        case JSON_ARRAY:
            let count = json_array_size(json)
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            for index in 0..<count {
                if let element = json_array_get(json, index) { array.append(JSONValue(jansson: element, sortingKeys: sortingKeys)) }
            }
            self = .array(array)
        case JSON_STRING:
            self = .string(
                String(
                    decoding: UnsafeRawBufferPointer(start: json_string_value(json), count: json_string_length(json)),
                    as: UTF8.self))
        case JSON_INTEGER: self = .integer(Int64(json_integer_value(json)))
        case JSON_REAL: self = .double(json_real_value(json))
        case JSON_TRUE: self = .bool(true)
        case JSON_FALSE: self = .bool(false)
        default: self = .null
        }
    }
}

extension JSONError {
    /// The error described by a failed `ctl_json_decode`.
    init(decoding error: inout ctl_json_error) {
        if error.too_deep != 0 {
            self = .tooDeep(
                line: Int(error.line), column: Int(error.column), position: error.position, limit: Int(error.limit))
        } else if error.code == Int32(json_error_out_of_memory.rawValue) {
            self = .outOfMemory
        } else {
            self = .syntax(
                line: Int(error.line), column: Int(error.column), position: error.position,
                reason: String(cString: ctl_json_error_text(&error)))
        }
    }
}
