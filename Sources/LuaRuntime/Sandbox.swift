import CLua
import CLuaSupport

import Platform

/// The environment scripts run in: under `strict`, an allow-listed base of read-only
/// libraries and one `_ENV` per script; under `full`, plain Lua globals.
///
/// It keeps raw registry references, not `LuaReference` objects: those retain the state,
/// and the state owns the sandbox, so they would form a cycle that never frees the state.
final class Sandbox {
    unowned let state: LuaState
    private let preloadRef: Int32
    private let baseRef: Int32
    private let newEnvironmentRef: Int32?

    /// Where ctlua's own modules (and the engine's) are found by `require`.
    var preload: LuaTable { state.table(registryRef: preloadRef) }
    /// The table scripts' globals fall back to (strict), or `_G` (full).
    var base: LuaTable { state.table(registryRef: baseRef) }
    /// Makes a fresh per-script environment (strict only).
    var newEnvironment: LuaFunction? { newEnvironmentRef.map { state.function(registryRef: $0) } }

    init(state: LuaState) throws {
        self.state = state
        let print = state.function("print") { [unowned state] args in
            var pieces: [String] = []
            for i in 0..<args.count { pieces.append(try state.toDisplayString(args[i + 1])) }
            let line = pieces.joined(separator: "\t")
            try state.chargeOutput(line.utf8.count + 1)
            state.printHandler(line)
            return []
        }
        switch state.policy {
        case .full:
            let chunk = try state.loadChunk(Sandbox.fullPrelude, name: "=ctlua.prelude", mode: "t", environment: nil)
            let results = try chunk.call(.function(print), .string(LuaString(Sandbox.joinedRoots(state.scriptRoots))))
            guard case .table(let g) = results[0], case .table(let p) = results[1] else {
                throw LuaError.callback(message: "prelude returned no tables")
            }
            baseRef = state.registryRef(.table(g))
            preloadRef = state.registryRef(.table(p))
            newEnvironmentRef = nil
        case .strict:
            let find = state.function("require") { [unowned state] args in
                let name = try args.string(1)
                guard !name.utf8.contains(0) else { throw args.argumentError(1, "module name contains a NUL byte") }
                if let path = state.findModule(name) { return [.string(LuaString(path))] }
                return [.nil, .string(LuaString(state.moduleSearchMessage(name)))]
            }
            let loadFile = state.function("require") { [unowned state] args in
                let path = try args.string(1)
                guard !path.utf8.contains(0) else { return [.nil, .string("path contains a NUL byte")] }
                let env = try args.table(2)
                let bytes: [UInt8]
                do { bytes = try FileBytes.read(path) } catch { return [.nil, .string(LuaString("\(error)"))] }
                do {
                    return [.function(try state.loadChunk(bytes, name: "@" + path, mode: "t", environment: env))]
                } catch let error as LuaError {
                    return [.nil, .string(LuaString(error.message))]
                }
            }
            let chunk = try state.loadChunk(Sandbox.strictPrelude, name: "=ctlua.prelude", mode: "t", environment: nil)
            let results = try chunk.call(.function(print), .function(find), .function(loadFile),
                                         .function(state.function(cFunction: ctl_gcrun)))
            guard case .table(let b) = results[0], case .table(let p) = results[1], case .function(let n) = results[2] else {
                throw LuaError.callback(message: "prelude returned no tables")
            }
            baseRef = state.registryRef(.table(b))
            preloadRef = state.registryRef(.table(p))
            newEnvironmentRef = state.registryRef(.function(n))
        }
    }

    /// The script roots separated by `;` (the prelude's `package.path` roots). A loop: the stdlib's
    /// `joined(separator:)` is an unspecialized generic whose first call, at every start, looks
    /// its associated types up by a conformance scan (B7).
    static func joinedRoots(_ roots: [String]) -> String {
        var text = ""
        for (index, root) in roots.enumerated() {
            if index > 0 { text += ";" }
            text += root
        }
        return text
    }

    static let fullPrelude = """
        local print, roots = ...
        _G.print = print
        for root in string.gmatch(roots, "[^;]+") do
          package.path = root .. "/?.lua;" .. root .. "/?/init.lua;" .. package.path
        end
        return _G, package.preload
        """

    /// The strict environment. Every script (each `_ENV`) gets its own view of every library
    /// and module: on first use of a global name that holds a table, the environment gets a
    /// read-only proxy over a private copy (nested tables copied the same way), so `rawset`,
    /// `pairs` or anything else a script does to its view changes nothing another script sees.
    /// The real tables (and the string metatable's `__index`) are never handed to scripts.
    /// Modules from `require` get the same per-script view when ctlua preloaded them.
    /// Objects with a `__gc` get a shadow metatable whose finalizer runs the script's `__gc`
    /// through `ctl_gcrun` (a coroutine under the hook and the memory cap).
    static let strictPrelude = """
        local print, findmodule, loadfile, gcrun = ...
        local G = _G
        local setmetatable, getmetatable, error, next, type, rawload, select = setmetatable, getmetatable, error, next, type, load, select
        local rawget, rawset, tostring = rawget, rawset, tostring
        local function readonly(t, name)
          return setmetatable({}, {
            __index = t,
            __newindex = function() error("attempt to modify read-only table '" .. name .. "'", 2) end,
            __pairs = function() return next, t, nil end,
            __len = function() return #t end,
            __metatable = false,
          })
        end
        -- A function giving one environment's views: the same real table, the same view.
        local function viewer()
          local views = {}
          local function view(t, name)
            local v = views[t]
            if v then return v end
            local c = {}
            v = readonly(c, name)
            views[t] = v
            for k, x in next, t do
              if type(x) == "table" then x = view(x, name .. "." .. tostring(k)) end
              c[k] = x
            end
            return v
          end
          return view
        end
        local function copy(t, keys)
          local r = {}
          if keys then for _, k in ipairs(keys) do r[k] = t[k] end
          else for k, v in next, t do r[k] = v end end
          return r
        end
        local base = {}
        for _, k in ipairs{"assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal",
                           "rawget", "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type",
                           "xpcall", "_VERSION"} do
          base[k] = G[k]
        end
        base.print = print
        local gc = collectgarbage
        -- Finalizers: Lua runs __gc with hooks off, so a script's __gc runs through gcrun
        -- (a coroutine under the limits). The object gets a shadow of its metatable whose __gc
        -- looks the script's __gc up when it runs; getmetatable still answers the script's own.
        local shadows = setmetatable({}, {__mode = "k"})
        local owners = setmetatable({}, {__mode = "k"})
        base.setmetatable = function(t, mt)
          if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
            local s = shadows[mt]
            if s == nil then
              s = {}
              for k, v in next, mt do s[k] = v end
              s.__gc = function(o) return gcrun(mt, o) end
              shadows[mt] = s
              owners[s] = mt
            end
            return setmetatable(t, s)
          end
          return setmetatable(t, mt)
        end
        base.getmetatable = function(v)
          local m = getmetatable(v)
          if type(m) == "table" then return owners[m] or m end
          return m
        end
        base.collectgarbage = function(opt, ...)
          opt = opt or "collect"
          if opt == "collect" or opt == "count" or opt == "step" or opt == "isrunning" then return gc(opt, ...) end
          error("bad argument #1 to 'collectgarbage' (option '" .. tostring(opt) .. "' not allowed in the sandbox)", 2)
        end
        local safestring = copy(string)
        safestring.dump = nil
        getmetatable("").__index = safestring
        getmetatable("").__metatable = false
        -- Plain tables only Swift and this prelude hold: scripts get views (newenv).
        base.string = safestring
        base.table = copy(table)
        base.math = copy(math)
        base.utf8 = copy(utf8)
        base.coroutine = copy(coroutine)
        base.os = copy(os, {"time", "clock", "date", "difftime"})
        base.debug = {traceback = debug.traceback}
        local newenv
        local requirein
        newenv = function()
          local view = viewer()
          local function require(name) return requirein(view, name) end
          local env = setmetatable({}, {__metatable = false, __index = function(e, k)
            local v = rawget(base, k)
            if v == nil then return nil end
            if k == "require" then v = require
            elseif type(v) == "table" then v = view(v, k) end
            rawset(e, k, v)
            return v
          end})
          env._G = env
          return env
        end
        base.load = function(chunk, name, mode, env)
          if mode ~= nil and mode ~= "t" and mode ~= "bt" then
            return nil, "attempt to load a binary chunk (mode is '" .. tostring(mode) .. "')"
          end
          return rawload(chunk, name, "t", env or newenv())
        end
        local preload, loaded = {}, {}
        local function same(t) return t end
        -- `view` makes the calling script's view of a preloaded (ctlua) module; a module from a
        -- .lua file is the script's own code, shared by the scripts that require it, as in Lua.
        requirein = function(view, name)
          if type(name) ~= "string" then
            error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
          end
          local v = loaded[name]
          if v ~= nil then
            if type(v) == "table" and preload[name] ~= nil then return view(v, name) end
            return v
          end
          local loader = preload[name]
          local path
          if loader == nil then
            local found, tried = findmodule(name)
            if not found then error("module '" .. name .. "' not found:" .. tried, 2) end
            path = found
            local f, err = loadfile(found, newenv())
            if not f then error("error loading module '" .. name .. "' from file '" .. found .. "':\\n\\t" .. err, 2) end
            loader = f
          end
          v = loader(name, path)
          if v == nil then v = true end
          loaded[name] = v
          if type(v) == "table" and path == nil then return view(v, name) end
          return v
        end
        base.require = function(name) return requirein(same, name) end
        return base, preload, newenv
        """
}
