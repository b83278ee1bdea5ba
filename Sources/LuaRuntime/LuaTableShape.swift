/// The declared shape of a table that ctlua reads from Lua: an option table
/// (`flowx.startProcess`'s `{showLoader = true}`), a definition table (`templates.define{...}`)
/// or a plug-in table (`hooks.plugin{...}`).
///
/// One rule for all of them: a key the shape does not declare is an error naming it, the closest
/// declared key and every declared key (``NameSuggestion``), in Lua's shape:
/// `bad argument #3 to 'startProcess' (unknown key 'showLoadr' (did you mean 'showLoader'? known: ...))`.
/// A binding declares each table once (beside the module, listed by the module's
/// `LuaModuleInfo.tables`) and checks it with ``check(argument:of:)`` before reading it; the tests
/// walk the declarations, call each ``example`` with a misspelt key and compare the fields with the
/// module's LuaLS file in `types/`.
public struct LuaTableShape: Sendable, Equatable {
    /// A declared key: its name and its LuaLS type, as the module's `types/` file writes them.
    public struct Field: Sendable, Equatable {
        public var name: String
        /// The LuaLS type (`boolean`, `fun(uuid: string)`).
        public var type: String
        public var isOptional: Bool

        /// `Field("showLoader?", "boolean")`: a trailing `?` marks an optional key, as in LuaLS.
        public init(_ name: String, _ type: String) {
            isOptional = name.hasSuffix("?")
            self.name = isOptional ? String(name.dropLast()) : name
            self.type = type
        }
    }

    /// The table's LuaLS class in the module's types file (`FlowXStartOptions`).
    public var name: String
    /// Lua code that passes such a table, the table written `TABLE` (`flowx.startProcess("p", {}, TABLE)`):
    /// the tests replace it with a table holding a misspelt key and expect the error to name it.
    public var example: String
    /// The declared keys.
    public var fields: [Field]
    /// Whether the table is also a list: the keys 1...n are allowed beside the declared names.
    public var isList: Bool

    public init(_ name: String, example: String, isList: Bool = false, fields: [Field]) {
        self.name = name
        self.example = example
        self.isList = isList
        self.fields = fields
    }

    /// The declared key names.
    public var keys: [String] { fields.map(\.name) }

    /// One message per key of `table` the shape does not declare (sorted by key), with `at` before
    /// it when the table is nested (`template: unknown key ...`); empty when every key is declared.
    public func problems(in table: LuaTable, at path: String? = nil) -> [(key: String, message: String)] {
        let keys = Set(self.keys)
        let listCount = isList ? table.count : 0
        var found: [(key: String, message: String)] = []
        table.forEachKey { key in
            let name: String, message: String
            switch key {
            case .name(let key):
                if keys.contains(key) { return }
                (name, message) = (key, NameSuggestion.unknownKey(key, known: keys, quote: NameSuggestion.luaQuote))
            case .integer(let i):
                if i >= 1 && i <= listCount { return }
                (name, message) = ("\(i)", "keys are names, got number (\(i)) (known: \(self.keys.sorted().joined(separator: ", ")))")
            case .other(let typeName):
                (name, message) = (typeName, "keys are names, got \(typeName) (known: \(self.keys.sorted().joined(separator: ", ")))")
            }
            found.append((name, path.map { "\($0): \(message)" } ?? message))
        }
        return found.sorted { $0.key < $1.key }
    }

    /// Checks `table`, argument `i` of the call `args` (nested under `at` when given): the first
    /// unknown key is a bad-argument error.
    public func check(_ table: LuaTable, argument i: Int, of args: LuaArguments, at path: String? = nil) throws(LuaError) {
        if let first = problems(in: table, at: path).first { throw args.argumentError(i, first.message) }
    }

    /// Checks argument `i` of `args` when it is a table (any other value is left to the binding).
    public func check(argument i: Int, of args: LuaArguments) throws(LuaError) {
        if case .table(let table) = args[i] { try check(table, argument: i, of: args) }
    }

    /// Checks `table`, given to `function` as its argument `position` outside a call's arguments
    /// (the json module's options, checked for its C functions).
    public func check(_ table: LuaTable, function: String, position: Int) throws(LuaError) {
        if let first = problems(in: table).first { throw LuaError.badArgument(function: function, position: position, message: first.message) }
    }
}
