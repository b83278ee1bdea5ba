import Foundation
import LuaRuntime

/// Tab completion for the REPL: keywords and globals, fields after `.`, methods after `:` (on
/// userdata of Swift classes too), module names inside `require "`, view ids (any characters:
/// UUIDs, dots, dashes) after `:tap ` and inside `app.tap/type/select("` (every visible view,
/// whichever system drew it) and `ui.update/hide/find("` (the `ui` module's views), and nothing
/// else inside a string. Pure lookups: no Lua code runs, whatever a script did to its values or
/// globals: only raw reads (`rawget`, raw metatables, never a script's `getmetatable`), `__index`
/// followed only where it is a table, never a function.
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
        if let ids = viewIDCandidates(before: before, word: word) { return ids }
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

    /// The completions of a view id being typed, or nil when the cursor is not in one: after the
    /// REPL's `:tap `, or inside the string argument of `app.tap/type/select("` (every visible id)
    /// or `ui.update/hide/find("` (the `ui` module's). readline ends the word at `-`, `@`, `(`...,
    /// which an id may hold (Appcues' UUIDs), so the id's start is found here from the whole line:
    /// an id matches when it starts with what was typed since the quote (or `:tap `), and is offered
    /// without the part before the word (readline replaces only the word).
    func viewIDCandidates(before: String, word: String) -> [String]? {
        let typed: Substring
        let ids: [String]
        if before.hasPrefix(":tap ") {
            typed = before.dropFirst(":tap ".count).drop { $0 == " " }
            ids = visibleIDs + viewIDs
        } else {
            guard let quote = Self.openQuote(before) else { return nil }
            let call = before[..<quote].trimmingCharacters(in: .whitespaces)
            if ["app.tap(", "app.type(", "app.select("].contains(where: { call.hasSuffix($0) }) {
                ids = visibleIDs + viewIDs
            } else if ["ui.update(", "ui.hide(", "ui.find("].contains(where: { call.hasSuffix($0) }) {
                ids = viewIDs
            } else {
                return nil
            }
            typed = before[before.index(after: quote)...]
        }
        let prefix = typed + word
        return Set(ids.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(typed.count)) }).sorted()
    }

    /// Where `before` ends: in code, inside a short string literal (the index of its opening
    /// quote) or in a `--` comment (long brackets are not followed).
    enum LineEnd: Equatable { case code, string(opening: String.Index), comment }

    static func lineEnd(_ before: String) -> LineEnd {
        var open: String.Index?
        var escaped = false
        var previous: Character?
        var index = before.startIndex
        while index < before.endIndex {
            let c = before[index]
            if let start = open {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == before[start] { open = nil }
            } else if c == "\"" || c == "'" {
                open = index
            } else if c == "-", previous == "-" {
                return .comment
            }
            previous = open == nil ? c : nil
            index = before.index(after: index)
        }
        return open.map { .string(opening: $0) } ?? .code
    }

    /// The index of the quote that opens the short string `before` ends inside, or nil.
    static func openQuote(_ before: String) -> String.Index? {
        if case .string(let opening) = lineEnd(before) { return opening }
        return nil
    }

    /// True when `before` ends inside a short string literal or a `--` comment: completing
    /// keywords or names there would only get in the way.
    static func isInsideString(_ before: String) -> Bool { lineEnd(before) != .code }

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
