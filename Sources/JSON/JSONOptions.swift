/// How `JSONValue.decode` reads text.
public struct JSONDecodeOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted (default 512).
    ///
    /// Checked by a bracket scan before jansson parses, so deep input never
    /// reaches jansson's recursion. Values above 2000 are treated as 2000
    /// (jansson's own limit is 2048); values <= 0 mean the default.
    public var maxDepth: Int

    /// Options with the given bound; the default matches the Lua `json.decode`.
    /// (An object that repeats a key is always an error: ctlua's one rule for the documents it
    /// reads. Only scripts choose, with `json.decode`'s `rejectDuplicates`.)
    public init(maxDepth: Int = 512) {
        self.maxDepth = maxDepth
    }
}

/// How `JSONValue.encoded` prints a value.
public struct JSONEncodeOptions: Sendable, Hashable {
    /// Sort object keys bytewise (by their UTF-8 bytes). When false, objects
    /// keep their order.
    public var sortKeys: Bool
    /// Spaces per nesting level; 0 (the default) prints compactly (`,` and `:`
    /// without spaces). Capped at 31.
    public var indent: Int
    /// The deepest nesting accepted (default 512, capped at 2000).
    public var maxDepth: Int

    /// Options with the given layout; the defaults match the Lua `json.encode`.
    public init(sortKeys: Bool = false, indent: Int = 0, maxDepth: Int = 512) {
        self.sortKeys = sortKeys
        self.indent = indent
        self.maxDepth = maxDepth
    }
}
