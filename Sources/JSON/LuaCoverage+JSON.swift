import LuaRuntime

extension LuaCoverage: JSONRepresentable {
    /// `{"/abs/x.lua": [[line, hits], ...]}`, files and lines in order.
    public var json: JSONValue {
        var object: JSONObject = [:]
        for file in files.keys.sorted() {
            let lines = files[file]!.sorted { $0.key < $1.key }
            object[file] = .array(lines.map { .array([.integer(Int64($0.key)), .integer(Int64($0.value))]) })
        }
        return .object(object)
    }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        var files: [String: [Int: Int]] = [:]
        for (file, pairs) in try reader.object(json, at: .root) {
            var lines: [Int: Int] = [:]
            for (i, pair) in try reader.array(pairs, at: .root.key(file), expected: "an array of [line, hits]").enumerated() {
                let path = JSONPath.root.key(file).index(i)
                let items = try reader.array(pair, at: path, expected: "[line, hits]")
                guard items.count == 2 else { throw reader.problem("expected [line, hits]", at: path) }
                lines[try reader.integer(items[0], at: path.index(0))] = try reader.integer(items[1], at: path.index(1))
            }
            files[file] = lines
        }
        self.init(files: files)
    }
}
