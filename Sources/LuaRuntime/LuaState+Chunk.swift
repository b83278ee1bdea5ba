import CLua
import CLuaSupport

import Platform

extension LuaState {
    /// The table globals resolve to: the shared base under `strict`, `_G` under `full`.
    /// Swift may write to it (to install modules); scripts cannot.
    public var globals: LuaTable { sandbox.base }

    /// A fresh per-script environment (strict), or the global table (full).
    public func newEnvironment() throws(LuaError) -> LuaTable {
        guard let make = sandbox.newEnvironment else { return globals }
        guard case .table(let env)? = try make.call().first else { throw .callback(message: "no environment") }
        return env
    }

    /// Makes module `name` available to `require` (its loader is called once, with the name).
    public func preload(_ name: String, loader: LuaFunction) {
        sandbox.preload[name] = .function(loader)
    }

    /// A Lua function for a C function (no upvalues).
    func function(cFunction: lua_CFunction) -> LuaFunction {
        let L = activeL
        lua_pushcclosure(L, cFunction, 0)
        defer { ctl_pop(L, 1) }
        return LuaFunction(state: self, index: -1, on: L)
    }

    /// Makes a C module (`luaopen_*`) available to `require`.
    public func preload(_ name: String, cFunction: lua_CFunction) {
        let L = activeL
        lua_pushcclosure(L, cFunction, 0)
        defer { ctl_pop(L, 1) }
        sandbox.preload[name] = .function(LuaFunction(state: self, index: -1, on: L))
    }

    /// `require(name)` from Swift.
    @discardableResult
    public func require(_ name: String) throws(LuaError) -> LuaValue {
        try call(globals["require"], [.string(LuaString(name))]).first ?? .nil
    }

    /// Compiles a chunk. Under `strict` only text is accepted and the chunk gets its own `_ENV`.
    public func load(_ code: String, name: String = "=(load)") throws(LuaError) -> LuaFunction {
        try load(bytes: Array(code.utf8), name: name)
    }

    /// Compiles a chunk from bytes (binary chunks only under `full`).
    public func load(bytes: [UInt8], name: String) throws(LuaError) -> LuaFunction {
        let mode = policy == .strict ? "t" : "bt"
        let env: LuaTable? = policy == .strict ? try newEnvironment() : nil
        return try loadChunk(bytes, name: name, mode: mode, environment: env)
    }

    /// Compiles and runs a chunk; returns its results.
    @discardableResult
    public func run(_ code: String, name: String = "=(load)") throws(LuaError) -> [LuaValue] {
        try load(code, name: name).call()
    }

    /// Compiles a file (a first line starting with `#` is skipped, as lua.c does). Chunk name `@path`.
    /// `chunkName`: how messages name the file (`@` + it; default: the path as given), e.g. a path
    /// relative to the working folder.
    public func loadFile(_ path: String, chunkName: String? = nil, environment: LuaTable? = nil) throws(LuaError) -> LuaFunction {
        var bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch {
            // lauxlib's shape: `cannot open x.lua: No such file or directory`.
            let message = error.description
            throw LuaError.runtime(message: message, traceback: nil, value: .string(LuaString(message)))
        }
        if bytes.first == UInt8(ascii: "#") {
            let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            bytes.replaceSubrange(0..<end, with: [])
        }
        let mode = policy == .strict ? "t" : "bt"
        var env = environment
        if env == nil && policy == .strict { env = try newEnvironment() }
        return try loadChunk(bytes, name: "@" + (chunkName ?? path), mode: mode, environment: env)
    }

    func loadChunk(_ code: String, name: String, mode: String, environment: LuaTable?) throws(LuaError) -> LuaFunction {
        try loadChunk(Array(code.utf8), name: name, mode: mode, environment: environment)
    }

    func loadChunk(_ bytes: [UInt8], name: String, mode: String, environment: LuaTable?) throws(LuaError) -> LuaFunction {
        guard !isClosed else { throw .closed }
        return try balanced { L throws(LuaError) in
            try ensureStack(3, on: L)
            let status = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    ctl_load(L, chars.baseAddress, chars.count, name, mode)
                }
            }
            if status == LUA_ERRRUN || status == LUA_ERRERR, let shown = Self.shownChunkName(name) {
                throw parserOverflow(bytes, name: name, mode: mode, shown: shown, on: L)
            }
            if status != LUA_OK { throw popError(status: status, on: L) }
            if let environment {
                push(.table(environment), on: L)
                if lua_setupvalue(L, -2, 1) == nil { ctl_pop(L, 1) }
            }
            recordChunkLines(on: L)
            return LuaFunction(state: self, index: -1, on: L)
        }
    }

    /// The parser ran out of C levels (a 300-deep table constructor): Lua raises `C stack
    /// overflow` with no position, so the chunk is loaded again a line at a time to find the
    /// line, and the error reads as a syntax error does (`x.lua:3: C stack overflow`).
    /// Expects the error on the stack; pops it.
    private func parserOverflow(_ bytes: [UInt8], name: String, mode: String, shown: String, on L: OpaquePointer) -> LuaError {
        let first = errorMessage(at: -1, on: L)
        ctl_pop(L, 1)
        var line: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                ctl_load_lines(L, chars.baseAddress, chars.count, name, mode, &line)
            }
        }
        let message = status == LUA_OK ? first : errorMessage(at: -1, on: L)
        ctl_pop(L, 1)
        return .syntax(message: "\(shown):\(line): \(message)", isIncomplete: false)
    }

    /// How Lua names a chunk in messages, for the names ctlua gives (`@file`, `=name`).
    static func shownChunkName(_ name: String) -> String? {
        guard let first = name.first, first == "@" || first == "=" else { return nil }
        return String(name.dropFirst())
    }

    /// Where `require(name)` finds a `.lua` file under the script roots, or nil. Under `strict`
    /// the file's real path (symlinks resolved) must lie inside a root's real path.
    func findModule(_ name: String) -> String? {
        guard !name.utf8.contains(0) else { return nil }
        return candidates(name).first { access($0, R_OK) == 0 && (policy == .full || isInsideScriptRoots($0)) }
    }

    /// Whether `path`'s real path (symlinks resolved) lies inside the real path of a script root
    /// (``PathConfinement``). A path with a NUL byte, or one that does not exist, is not.
    public func isInsideScriptRoots(_ path: String) -> Bool {
        PathConfinement.isInside(path, roots: scriptRoots)
    }

    /// `realpath(3)`, or nil when the path does not exist.
    static func realPath(_ path: String) -> String? { PathConfinement.realPath(path) }

    func moduleSearchMessage(_ name: String) -> String {
        let tried = candidates(name).map { "\n\tno file '\($0)'" }.joined()
        return "\n\tno ctlua module '\(name)'" + tried
    }

    private func candidates(_ name: String) -> [String] {
        guard !name.contains(".."), !name.hasPrefix("/") else { return [] }
        let relative = name.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
        return scriptRoots.flatMap { ["\($0)/\(relative).lua", "\($0)/\(relative)/init.lua"] }
    }

    /// `tostring(value)` as Lua computes it (honours `__tostring` and `__name`), protected.
    public func toDisplayString(_ value: LuaValue) throws(LuaError) -> String {
        switch value {
        case .string(let s): return s.string
        case .nil, .boolean, .integer, .number: return value.description
        default:
            let L = activeL
            push(value, on: L)
            defer { ctl_pop(L, 1) }
            let status = ctl_ptostring(L, -1)
            if status != LUA_OK { throw popError(status: status, on: L) }
            defer { ctl_pop(L, 1) }
            return String(decoding: bytes(at: -1, on: L), as: UTF8.self)
        }
    }
}
