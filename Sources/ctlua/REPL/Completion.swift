import Foundation
import LuaRuntime

/// Tab completion for the REPL: keywords and globals, fields after `.`, methods after `:` (on
/// userdata of Swift classes too), module names inside `require "`, view ids inside
/// `app.tap/type/select("` (every visible view, whichever system drew it) and `ui.update/hide/find("`
/// (the `ui` module's views), and nothing else inside a string. Pure lookups: no Lua code runs,
/// whatever a script did to its values or globals: only raw reads (`rawget`, raw metatables, never
/// a script's `getmetatable`), `__index` followed only where it is a table, never a function.
struct Completion {
    let lua: LuaState
    /// The session's `_ENV` (under `--sandbox`); nil: the globals.
    let environment: LuaTable?
    /// The modules of the engine's catalog (offered after `require "`).
    var modules: [String] = ["json", "app", "ui"]
    /// The ids of the `ui` module's views (offered inside `ui.update/hide/find("`).
    var viewIDs: [String] = []
    /// The ids of every visible view, the `ui` module's and those a system draws (an experience's
    /// components): offered inside `app.tap/type/select("`, which reach them all.
    var visibleIDs: [String] = []

    static let keywords = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// Replacements for `word`, given the text before it on the line; sorted, unique.
    func candidates(before: String, word: String) -> [String] {
        if Self.isRequireArgument(before) { return moduleNames().filter { $0.hasPrefix(word) } }
        if let ids = viewArgumentIDs(before) { return Set(ids.filter { $0.hasPrefix(word) }).sorted() }
        if Self.isInsideString(before) { return [] }
        if let separator = word.lastIndex(where: { $0 == "." || $0 == ":" }) {
            let base = String(word[..<separator])
            let partial = String(word[word.index(after: separator)...])
            let methodsOnly = word[separator] == ":"
            guard let value = resolve(base) else { return [] }
            return fields(of: value, methodsOnly: methodsOnly)
                .filter { $0.hasPrefix(partial) }
                .map { base + String(word[separator]) + $0 }
        }
        let root = environment ?? lua.globals
        let names = Set(Self.keywords + keys(of: root) + keys(of: lua.globals))
        return names.filter { $0.hasPrefix(word) }.sorted()
    }

    /// True after `require "`, `require '`, `require("` (the quote ends `before`).
    static func isRequireArgument(_ before: String) -> Bool {
        guard let quote = before.last, quote == "\"" || quote == "'" else { return false }
        var text = before.dropLast().trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("(") { text = String(text.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard text.hasSuffix("require") else { return false }
        let head = text.dropLast("require".count)
        guard let previous = head.last else { return true }
        return !(previous.isLetter || previous.isNumber || previous == "_" || previous == "." || previous == ":")
    }

    /// True inside the first string argument of a call that takes a view id: `app.tap("`,
    /// `ui.update('`, `ui.hide(`, `ui.find("` (the quote ends `before`).
    /// The ids to offer when `before` ends with the opening quote of a view id argument, else nil.
    func viewArgumentIDs(_ before: String) -> [String]? {
        guard let quote = before.last, quote == "\"" || quote == "'" else { return nil }
        let text = before.dropLast().trimmingCharacters(in: .whitespaces)
        if ["app.tap(", "app.type(", "app.select("].contains(where: { text.hasSuffix($0) }) { return visibleIDs + viewIDs }
        if ["ui.update(", "ui.hide(", "ui.find("].contains(where: { text.hasSuffix($0) }) { return viewIDs }
        return nil
    }

    /// True when `before` ends inside a short string literal or a `--` comment (long brackets
    /// are not followed): completing keywords or names there would only get in the way.
    static func isInsideString(_ before: String) -> Bool {
        var quote: Character?
        var escaped = false
        var previous: Character?
        for c in before {
            if let q = quote {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "-", previous == "-" {
                return true
            }
            previous = quote == nil ? c : nil
        }
        return quote != nil
    }

    /// File names for `:load FOLDER/PREFIX`: the entries of `folder` (relative to the working folder,
    /// `""` for it) that start with `prefix`, folders with a trailing `/`; hidden ones only when asked.
    static func fileNames(in folder: String, prefix: String) -> [String] {
        let directory = folder.isEmpty ? "." : folder
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.map { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isFolder)
            return isFolder.boolValue ? name + "/" : name
        }.sorted()
    }

    /// The longest common prefix of `words`.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    // MARK: - Lookups

    /// The value of a dotted path (`a.b.c`) from the environment, or nil.
    private func resolve(_ path: String) -> LuaValue? {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, PrettyPrinter.isIdentifier(first) else { return nil }
        var value = field(first, of: .table(environment ?? lua.globals))
        for part in parts.dropFirst() {
            guard PrettyPrinter.isIdentifier(part) else { return nil }
            value = field(part, of: value)
        }
        return value.isNil ? nil : value
    }

    /// A field read without running code: raw, then through `__index` tables.
    private func field(_ name: String, of value: LuaValue) -> LuaValue {
        var current = indexTable(of: value, own: true)
        var seen = 0
        while let table = current, seen < 8 {
            let v = table[name]
            if !v.isNil { return v }
            current = indexTable(of: .table(table), own: false)
            seen += 1
        }
        return .nil
    }

    /// The table to search for `value`'s fields: itself (`own`), else its metatable's `__index` table.
    private func indexTable(of value: LuaValue, own: Bool) -> LuaTable? {
        switch value {
        case .table(let t): return own ? t : t.metatable?["__index"].tableValue
        case .string: return lua.globals["string"].tableValue
        case .userdata(let userdata): return userdata.metatable?["__index"].tableValue
        default: return nil
        }
    }

    /// Identifier keys of a value, its `__index` chain included; for userdata of a Swift class,
    /// its methods (and properties after `.`).
    private func fields(of value: LuaValue, methodsOnly: Bool) -> [String] {
        var names = Set<String>()
        if case .userdata(let userdata) = value, let name = userdata.metatable?["__name"].stringValue,
           let members = lua.classMembers(named: name) {
            names.formUnion(members.methods)
            if !methodsOnly { names.formUnion(members.properties) }
        }
        var current = indexTable(of: value, own: true)
        var seen = 0
        while let table = current, seen < 8 {
            for (key, v) in table.pairs {
                guard let name = key.stringValue, PrettyPrinter.isIdentifier(name) else { continue }
                if methodsOnly, v.functionValue == nil { continue }
                names.insert(name)
            }
            current = indexTable(of: .table(table), own: false)
            seen += 1
        }
        return names.sorted()
    }

    private func keys(of table: LuaTable) -> [String] {
        fields(of: .table(table), methodsOnly: false)
    }

    /// Modules `require` can find: preloaded, loaded, and `.lua` files under the script roots.
    private func moduleNames() -> [String] {
        var names = Set<String>()
        if let package = lua.globals["package"].tableValue {
            for name in ["preload", "loaded"] {
                for (key, _) in package[name].tableValue?.pairs ?? [] { if let s = key.stringValue { names.insert(s) } }
            }
        }
        for name in modules where !lua.globals[name].isNil {
            names.insert(name)
        }
        for root in lua.scriptRoots + ["."] {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where file.hasSuffix(".lua") {
                names.insert(String(file.dropLast(4)))
            }
        }
        names.remove("_G")
        return names.sorted()
    }
}
