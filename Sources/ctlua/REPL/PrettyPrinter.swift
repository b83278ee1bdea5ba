import LuaRuntime

/// Renders Lua values for the REPL: tables with sorted keys, nested up to a depth and
/// an item limit, cycles marked, strings quoted, laid out to fit a width; ANSI colours
/// on request. Pure: it needs no terminal (the REPL decides width and colours).
struct PrettyPrinter {
    /// How values are rendered.
    struct Options {
        /// Tables nested deeper than this print as `{...}`.
        var maxDepth = 4
        /// Entries shown per table before `... (N more)`.
        var maxItems = 50
        /// The line width to fit (a table that does not fit on one line is broken, one entry a line).
        var width = 80
        /// ANSI colours (only on a terminal, never with `NO_COLOR`).
        var colors = false
        /// Spaces per nesting level when a table is broken over lines.
        var indent = 2
    }

    var options: Options

    init(options: Options = Options()) { self.options = options }

    /// Several results, tab-separated (as `lua5.4` prints them).
    func format(_ values: [LuaValue]) -> String {
        values.map { format($0) }.joined(separator: "\t")
    }

    /// One value.
    func format(_ value: LuaValue) -> String {
        var path: [UnsafeRawPointer] = []
        let node = build(value, depth: 0, path: &path)
        return layout(node, column: 0)
    }

    // MARK: - Building a document

    /// Text with its plain width (colour codes excluded) and its coloured form.
    struct Span {
        var plain: String
        var styled: String
        static func + (a: Span, b: Span) -> Span { Span(plain: a.plain + b.plain, styled: a.styled + b.styled) }
    }

    indirect enum Node {
        case atom(Span)
        /// `{ entries }` where each entry is a key prefix (`name = `, or empty for the array part) and a value;
        /// `more` entries were left out by the item limit.
        case table(entries: [(key: Span, value: Node)], more: Int)
    }

    private enum Style: String {
        case string = "32", number = "36", keyword = "35", opaque = "33", marker = "31", dim = "2"
    }

    private func span(_ text: String, _ style: Style?) -> Span {
        guard options.colors, let style else { return Span(plain: text, styled: text) }
        return Span(plain: text, styled: "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m")
    }

    private func build(_ value: LuaValue, depth: Int, path: inout [UnsafeRawPointer]) -> Node {
        switch value {
        case .nil, .boolean: return .atom(span(value.description, .keyword))
        case .integer, .number: return .atom(span(value.description, .number))
        case .string(let s): return .atom(span(Self.quote(s), .string))
        case .table(let table): return build(table, depth: depth, path: &path)
        default: return .atom(span(display(value), .opaque))
        }
    }

    private func build(_ table: LuaTable, depth: Int, path: inout [UnsafeRawPointer]) -> Node {
        if let mt = table.metatable, !mt["__tostring"].isNil {
            return .atom(span(display(.table(table)), .opaque))
        }
        guard let identity = table.identity else { return .atom(span("table", .opaque)) }
        if path.contains(identity) { return .atom(span("<cycle: \(display(.table(table)))>", .marker)) }
        let pairs = table.pairs
        if pairs.isEmpty { return .atom(Span(plain: "{}", styled: "{}")) }
        if depth >= options.maxDepth { return .atom(span("{...}", .dim)) }
        path.append(identity)
        defer { path.removeLast() }

        let sorted = Self.sortedEntries(pairs)
        var entries: [(key: Span, value: Node)] = []
        for (index, pair) in sorted.enumerated() where index < options.maxItems {
            entries.append((key: keySpan(pair.key, arrayPart: pair.isArrayPart),
                            value: build(pair.value, depth: depth + 1, path: &path)))
        }
        return .table(entries: entries, more: max(0, sorted.count - options.maxItems))
    }

    private func keySpan(_ key: LuaValue, arrayPart: Bool) -> Span {
        if arrayPart { return Span(plain: "", styled: "") }
        if case .string(let s) = key, Self.isIdentifier(s.string) { return Span(plain: s.string + " = ", styled: s.string + " = ") }
        var path: [UnsafeRawPointer] = []
        let inner = layout(build(key, depth: options.maxDepth, path: &path), column: 0)
        let plainInner = inner.replacingANSI()
        return Span(plain: "[\(plainInner)] = ", styled: "[\(inner)] = ")
    }

    private func display(_ value: LuaValue) -> String {
        let state: LuaState?
        switch value {
        case .table(let t): state = t.state
        case .function(let f): state = f.state
        case .userdata(let u): state = u.state
        case .thread(let t): state = t.state
        default: state = nil
        }
        return state.flatMap { try? $0.toDisplayString(value) } ?? value.typeName
    }

    // MARK: - Layout

    private func flat(_ node: Node) -> Span {
        switch node {
        case .atom(let s): return s
        case .table(let entries, let more):
            var items = entries.map { $0.key + flat($0.value) }
            if more > 0 { items.append(span("... (\(more) more)", .dim)) }
            return items.dropFirst().reduce(Span(plain: "{ ", styled: "{ ") + items[0]) { $0 + Span(plain: ", ", styled: ", ") + $1 }
                + Span(plain: " }", styled: " }")
        }
    }

    /// The node's text when it starts at `column` on a line indented by `indent`, followed by
    /// `trailing` more characters (a comma): on one line if it fits, else one entry a line.
    private func layout(_ node: Node, column: Int, indent: Int = 0, trailing: Int = 0) -> String {
        let one = flat(node)
        guard case .table(let entries, let more) = node, column + one.plain.count + trailing > options.width else {
            return options.colors ? one.styled : one.plain
        }
        let inner = indent + options.indent
        let pad = String(repeating: " ", count: inner)
        var lines: [String] = []
        for entry in entries {
            let key = options.colors ? entry.key.styled : entry.key.plain
            let value = layout(entry.value, column: inner + entry.key.plain.count, indent: inner, trailing: 1)
            lines.append(pad + key + value + ",")
        }
        if more > 0 { lines.append(pad + (options.colors ? span("... (\(more) more)", .dim).styled : "... (\(more) more)")) }
        return "{\n" + lines.joined(separator: "\n") + "\n" + String(repeating: " ", count: indent) + "}"
    }

    // MARK: - Keys and strings

    struct Entry {
        var key: LuaValue
        var value: LuaValue
        var isArrayPart: Bool
    }

    /// The array part `1...n` first, in order; then numbers ascending, then strings, booleans and other keys.
    static func sortedEntries(_ pairs: [(key: LuaValue, value: LuaValue)]) -> [Entry] {
        var byIndex: [Int64: LuaValue] = [:]
        for pair in pairs { if case .integer(let i) = pair.key { byIndex[i] = pair.value } }
        var n: Int64 = 0
        while byIndex[n + 1] != nil { n += 1 }
        var array: [Entry] = []
        if n > 0 { for i in 1...n { array.append(Entry(key: .integer(i), value: byIndex[i]!, isArrayPart: true)) } }
        let rest = pairs.filter { pair in
            if case .integer(let i) = pair.key, i >= 1, i <= n { return false }
            return true
        }
        let sorted = rest.sorted { a, b in keyLess(a.key, b.key) }
        return array + sorted.map { Entry(key: $0.key, value: $0.value, isArrayPart: false) }
    }

    private static func rank(_ key: LuaValue) -> Int {
        switch key {
        case .integer, .number: return 0
        case .string: return 1
        case .boolean: return 2
        default: return 3
        }
    }

    static func keyLess(_ a: LuaValue, _ b: LuaValue) -> Bool {
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb }
        switch (a, b) {
        case (.string(let x), .string(let y)): return x.bytes.lexicographicallyPrecedes(y.bytes)
        case (.boolean(let x), .boolean(let y)): return !x && y
        default:
            if let x = a.doubleValue, let y = b.doubleValue { return x < y }
            return a.typeName < b.typeName
        }
    }

    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        let valid = s.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
        return valid && !keywords.contains(s)
    }

    /// A Lua string literal for `s`: double quotes, escapes for quotes, backslashes and control bytes,
    /// and for bytes 128...255 too when the string is not valid UTF-8 (Lua strings are bytes).
    static func quote(_ s: LuaString) -> String {
        let isUTF8 = String(decoding: s.bytes, as: UTF8.self).utf8.elementsEqual(s.bytes)
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in s.bytes {
            switch byte {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case UInt8(ascii: "\n"): out += Array("\\n".utf8)
            case UInt8(ascii: "\t"): out += Array("\\t".utf8)
            case UInt8(ascii: "\r"): out += Array("\\r".utf8)
            case 0..<32, 127:
                out += decimalEscape(byte)
            case 128... where !isUTF8:
                out += decimalEscape(byte)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// `\ddd`: always three digits, so a digit that follows cannot join the escape.
    private static func decimalEscape(_ byte: UInt8) -> [UInt8] {
        let digits = String(byte)
        return Array(("\\" + String(repeating: "0", count: 3 - digits.count) + digits).utf8)
    }
}

extension String {
    /// The text without ANSI colour sequences.
    func replacingANSI() -> String {
        var result = ""
        var inEscape = false
        for scalar in unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
