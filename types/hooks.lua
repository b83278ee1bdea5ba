---@meta hooks

-- LuaLS annotations for the `hooks` module of ctlua (global `hooks`, or `require "hooks"`):
-- Zapp screen hooks. Hook plugins run before a screen is shown (and post-load hooks after);
-- a hook screen plugin is also presented as a screen while its hook runs (docs/hooks.md).
-- Errors are Lua errors starting with `hooks: ` (or `hooks.plugin: `); file errors name the
-- file and the JSON path (`hooks: river.json: [0].id: expected a string, got number`).

---What `execute` calls when the hook is done: exactly once, now or later (a timer, a tap).
---A second call is ignored and recorded (`hook.ignored`). Wrong types are Lua errors.
---@alias HookDone fun(succeed: boolean, error?: string, data?: table<string, any>)

---The table given to `hooks.plugin`; `self` in its functions is a fresh instance per
---navigation: the definition's fields plus `identifier`, `pluginModel`, `screenModel`, `dataSource`.
---@class HookPluginDefinition
---@field identifier string matches `plugin.identifier` in plugin_configurations.json and river hook entries
---@field screen? boolean a hook screen plugin (default: the manifest's `screen`, else false)
---@field isFlowBlocker? boolean|fun(self: HookInstance): boolean a failure stops the navigation (default: the plugin's `general.is_flow_blocker`, then the hook screen's `general.is_flow_blocker`)
---@field init? fun(self: HookInstance): boolean|nil returning false (or an error) fails the plugin: it is skipped
---@field requestPresentation? fun(self: HookInstance, allow: fun(allowed: boolean)) hook screen plugins: `allow(false)` skips the screen; the hook still executes
---@field execute fun(self: HookInstance, data: table<string, any>, done: HookDone, index: integer) the work; `data` is the dataDict so far, `index` the hook's 0-based position
---@field didDisappear? fun(self: HookInstance) the hook's screen was removed (the user closed it, or the hook completed or timed out)
---@field [string] any

---`self` in a hook's functions.
---@class HookInstance: HookPluginDefinition
---@field pluginModel HookPluginModel
---@field screenModel? HookScreenModel hook screen plugins only
---@field dataSource? any the navigation's `dataSource`

---A plugin from plugin_configurations.json.
---@class HookPluginModel
---@field identifier string
---@field type string|nil
---@field name string|nil
---@field screen boolean
---@field preload boolean
---@field react_native boolean
---@field class_name string|nil `api.class_name`
---@field general table<string, any> `general.fields` initial values, overridden by `configuration_json`
---@field configuration table<string, any> `configuration_json`
---@field manifest table<string, any> the whole manifest

---A river screen.
---@class HookScreenModel
---@field id string
---@field name string|nil
---@field type string|nil
---@field general table<string, any>
---@field hooks {preload_plugins: table[], postload_plugins: table[]}

---What `hooks.navigate` returns once the engine is idle.
---@class HookNavigationResult
---@field presented boolean|nil true: the target was presented; false: blocked or rejected; nil: a hook is still running
---@field blockedBy? string the flow blocker that stopped it
---@field rejected? boolean another navigation was running
---@field data table<string, any> the dataDict so far (what the target received)

---A presented screen.
---@class HookStackEntry
---@field screen string
---@field from "cell"|"navbar"|"menu"|"picker"|"hook"
---@field data table<string, any>
---@field hook? string the hook's identifier, for a hook screen

---The navigation state (`hooks.state()`, the `navigation` expectation key).
---@class HookNavigationState
---@field running boolean
---@field screen string|nil the top screen that is not a hook screen
---@field stack string[] screen ids, bottom first, hook screens included
---@field screens HookStackEntry[]
---@field target string|nil the last navigation's target
---@field from string|nil
---@field presented boolean|nil
---@field blockedBy string|nil
---@field data table<string, any>

---@class hookslib
hooks = {}

---Registers (or replaces) the implementation of a hook plugin.
---@param definition HookPluginDefinition
function hooks.plugin(definition) end

---Loads plugin_configurations.json: JSON text or a table (an array of `{plugin = manifest, configuration_json = {...}}`).
---@param configurations string|table
---@return integer count the number of available plugins
function hooks.loadPlugins(configurations) end

---Loads river screens: JSON text or a table (an array of screens with `hooks.preload_plugins`/`postload_plugins`).
---@param screens string|table
---@return integer count the number of known screens
function hooks.loadScreens(screens) end

---Navigates to a river screen through its hooks; returns once the engine is idle. A
---navigation started while another runs is rejected (`rejected = true`).
---@param screenId string
---@param options? {from?: "cell"|"navbar"|"menu"|"picker", dataSource?: any}
---@return HookNavigationResult
function hooks.navigate(screenId, options) end

---The user closes the hook screen being shown: the hook fails as cancelled.
---@return boolean closed false when no hook screen is shown
function hooks.closeHookScreen() end

---The navigation state.
---@return HookNavigationState
function hooks.state() end

---Sets the manager's options; returns the effective ones.
---@param options? {timeout?: number} virtual seconds after which a hook that has not completed fails (default 30)
---@return {timeout: number}
function hooks.configure(options) end

return hooks
