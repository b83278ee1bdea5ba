---@meta app

-- LuaLS annotations for the `app` module of ctlua (global `app`, or `require "app"`):
-- the simulated app shared by all systems. Every driving call returns once the
-- engine is idle (everything due at the current virtual time has run).

---A transcript entry: `t` (virtual seconds), `type`, and the fields of that type
---(see docs/reference.md, e.g. `id`, `template`, `reason`, `message`, `url`, `kv`).
---@class TranscriptEvent
---@field t number
---@field type string
---@field id? string
---@field template? string
---@field reason? string
---@field message? string
---@field [string] any

---@class applib
app = {}

---The virtual clock, in seconds since the engine started.
---@return number
function app.now() end

---Advances the virtual clock, running every timer that falls due (in order).
---One advance runs at most a million timers (more is `timer limit exceeded`).
---@param seconds number from 0 to ten years (315360000)
function app.advance(seconds) end

---Runs `fn` once, `seconds` of virtual time from now (at the next `app.advance`
---that reaches it; 0 runs when the engine next settles). An error in `fn` becomes
---an `error` event.
---@param seconds number
---@param fn fun()
function app.after(seconds, fn) end

---Runs an extension script (presenters, traits, hooks, validators) in the engine
---and remembers it, so that `app.relaunch()` runs it again. Under the `strict`
---policy the file must be inside the script roots (symlinks resolved).
---@param path string
function app.load(path) end

---Persists, rebuilds the engine from storage (the in-app queue is restored) and
---runs the loaded scripts again.
function app.relaunch() end

---The transcript, optionally only the entries whose type starts with `filter`.
---@param filter? string a type prefix, e.g. "template." or "action.url"
---@return TranscriptEvent[]
function app.events(filter) end

---The headless view tree: view id -> properties.
---@return table<string, table<string, any>>
function app.ui() end

---Taps a view: records `ui.tap` and runs its `onTap`. Errors when no view has that id.
---@param viewId string
function app.tap(viewId) end

---Records a `log` event; the arguments are converted like `print` and joined by tabs.
---@param ... any
function app.log(...) end

return app
