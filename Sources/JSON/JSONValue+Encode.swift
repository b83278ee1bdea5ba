import CJansson
import CLuaSupport

extension JSONValue {
    /// Prints the value as JSON text.
    ///
    /// Compact by default; `options.indent` spaces per level otherwise, and
    /// `options.sortKeys` orders keys bytewise. Integers print as integers and
    /// doubles always keep a `.` or an exponent (`1.0`, `1e16`), using the
    /// shortest digits that read back to the same double — so `decode` of the
    /// output gives back the same cases. The printer is shared with the Lua
    /// `json.encode`, so both print the same bytes.
    ///
    /// - Throws: `JSONError.encode` naming the path of a NaN or infinite
    ///   double (`json: cannot encode NaN at $.a[3]`) or of nesting deeper
    ///   than `options.maxDepth`.
    public func encoded(options: JSONEncodeOptions = .init()) throws(JSONError) -> String {
        try withJansson(maxDepth: options.maxDepth) { json throws(JSONError) in
            var length = 0
            guard let text = ctl_json_dump(json, Int32(clamping: options.indent), options.sortKeys ? 1 : 0, &length)
            else { throw JSONError.outOfMemory }
            defer { ctl_json_free(text) }
            return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
        }
    }

    /// Builds a jansson tree of the value, lends it to `body`, then releases it.
    ///
    /// Use it to hand a value to C (`ctl_json_push` pushes it onto a Lua stack
    /// under a protected call). `body` must not keep the pointer.
    ///
    /// - Throws: `JSONError.encode` for NaN/infinity or nesting deeper than
    ///   `maxDepth` (default 512, capped at 2000), or what `body` throws.
    public func withJansson<R>(
        maxDepth: Int = 512, _ body: (UnsafeMutablePointer<json_t>) throws(JSONError) -> R
    ) throws(JSONError) -> R {
        var builder = JanssonBuilder(maxDepth: min(max(maxDepth <= 0 ? 512 : maxDepth, 1), 2000))
        let json = try builder.build(self)
        defer { ctl_json_decref(json) }
        return try body(json)
    }
}

/// Builds json_t trees from JSONValue, tracking the path for error messages.
private struct JanssonBuilder {
    let maxDepth: Int
    var path: [JSONPath.Component] = []

    init(maxDepth: Int) { self.maxDepth = maxDepth }

    /// Returns a new reference; on a throw nothing is left allocated.
    mutating func build(_ value: JSONValue) throws(JSONError) -> UnsafeMutablePointer<json_t> {
        switch value {
        case .null: return try allocated(json_null())
        case .bool(let flag): return try allocated(flag ? json_true() : json_false())
        case .integer(let integer): return try allocated(json_integer(json_int_t(integer)))
        case .double(let double):
            guard double.isFinite else {
                let name = double.isNaN ? "NaN" : (double > 0 ? "inf" : "-inf")
                throw JSONError.encode(path: JSONPath(path).expression, reason: "cannot encode \(name)")
            }
            return try allocated(json_real(double))
        case .string(let string):
            return try Self.string(string)
        case .array(let elements):
            let array = try enter(json_array())
            defer { path.removeLast() }
            for (index, element) in elements.enumerated() {
                path[path.count - 1] = .index(index)
                let child: UnsafeMutablePointer<json_t>
                do { child = try build(element) } catch { ctl_json_decref(array); throw error }
                if json_array_append_new(array, child) != 0 { ctl_json_decref(array); throw JSONError.outOfMemory }
            }
            return array
        case .object(let members):
            let object = try enter(json_object())
            defer { path.removeLast() }
            for (key, member) in members {
                path[path.count - 1] = .key(key)
                let child: UnsafeMutablePointer<json_t>
                do { child = try build(member) } catch { ctl_json_decref(object); throw error }
                var key = key
                let status = key.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        guard let base = $0.baseAddress else { return json_object_set_new_nocheck(object, "", child) }
                        return json_object_setn_new_nocheck(object, base, $0.count, child)
                    }
                }
                if status != 0 { ctl_json_decref(object); throw JSONError.outOfMemory }
            }
            return object
        }
    }

    /// Checks the depth bound and allocation of a new container; pushes a path slot.
    private mutating func enter(_ json: UnsafeMutablePointer<json_t>?) throws(JSONError) -> UnsafeMutablePointer<json_t> {
        guard path.count < maxDepth else {
            if let json { ctl_json_decref(json) }
            throw JSONError.encode(path: JSONPath(path).expression, reason: "too deep (max \(maxDepth))")
        }
        let container = try allocated(json)
        path.append(.index(0))
        return container
    }

    private func allocated(_ json: UnsafeMutablePointer<json_t>?) throws(JSONError) -> UnsafeMutablePointer<json_t> {
        guard let json else { throw JSONError.outOfMemory }
        return json
    }

    private static func string(_ string: String) throws(JSONError) -> UnsafeMutablePointer<json_t> {
        var string = string
        let json = string.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                guard let base = $0.baseAddress else { return json_string_nocheck("") }
                return json_stringn_nocheck(base, $0.count)
            }
        }
        guard let json else { throw JSONError.outOfMemory }
        return json
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text; for a value JSON cannot hold (NaN, infinity) the
    /// error's description instead.
    public var description: String {
        do { return try encoded() } catch { return error.description }
    }
}
