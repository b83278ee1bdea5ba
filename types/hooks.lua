---@meta hooks

-- LuaLS annotations for the `hooks` module of ctlua (global `hooks`, or `require "hooks"`):
-- Zapp screen hooks. Hook plugins run before a screen is shown (and post-load hooks after);
-- a hook screen plugin is also presented as a screen while its hook runs (docs/hooks.md).
-- Errors are Lua errors starting with `hooks: ` (or `hooks.plugin: `); file errors name the
-- file and the JSON path (`hooks: river.json: [0].id: expected a string, got number`).

---What `execute` calls when the hook is done: exactly once, now or later (a timer, a tap).
---`data` is exactly what the next hook and the target get (not merged: pass on what came in);
---`isFlowBlocker`, as the React Native bridge's `hookFinishedWork`, decides whether a failure
---blocks. A second call is ignored and recorded (`hook.ignored`). Wrong types are Lua errors.
---@alias HookDone fun(succeed: boolean, error?: string, data?: table<string, any>, isFlowBlocker?: boolean)

---The table given to `hooks.plugin`; `self` in its functions is a fresh instance per
---navigation: the definition's fields plus `identifier`, `pluginModel`, `screenModel`,
---`hostScreenModel`, `dataSource`, `removeScreen`. A key it does not declare is an error (a
---misspelt `isFlowBlocker` would pass silently): keep your own state in `self` (from `init`).
---@class HookPluginDefinition
---@field identifier string matches `plugin.identifier` in plugin_configurations.json and river hook entries
---@field screen? boolean a hook screen plugin (default: the manifest's `screen`, else false)
---@field isFlowBlocker? boolean|fun(self: HookInstance): boolean read when the hook completes (it may change while it runs): a failure stops the navigation (default: the plugin's `general.is_flow_blocker`, then the hook screen's `general.is_flow_blocker`)
---@field init? fun(self: HookInstance): boolean|nil returning false (or an error) fails the plugin: it is skipped
---@field requestPresentation? fun(self: HookInstance, allow: fun(allowed: boolean)) hook screen plugins: `allow(false)` skips the screen; the hook still executes
---@field recurring? boolean|fun(self: HookInstance, answer: fun(isRecurring: boolean)) post-load hooks: run again when the user comes back to the screen (`reccuringPostLaunchHook`; default false)
---@field execute fun(self: HookInstance, data: table<string, any>|nil, done: HookDone, index: integer) the work; `data` is what the previous hook passed on (nil: nothing), `index` the hook's 0-based position
---@field didDisappear? fun(self: HookInstance) the hook's screen was removed (by the user, the plugin, a new root, or the manager after a completion that does not block)

---`self` in a hook's functions.
---@class HookInstance: HookPluginDefinition
---@field pluginModel HookPluginModel
---@field screenModel HookScreenModel a hook screen plugin's own river screen; a plain hook's host screen
---@field hostScreenModel HookScreenModel the screen whose hooks run
---@field dataSource? any the navigation's `dataSource`
---@field removeScreen fun(self: HookInstance): boolean removes the hook's screen (`removeScreenPluginFromNavigationStack`); false when it is not shown

---A plugin from plugin_configurations.json.
---@class HookPluginModel
---@field identifier string
---@field type string|nil
---@field name string|nil
---@field screen boolean
---@field preload boolean `"preload": true`: the plugin is a hook (absent in the file: false)
---@field react_native boolean
---@field class_name string|nil `api.class_name`
---@field require_startup_execution boolean `api.require_startup_execution`: the plugin is an app-loading hook (absent: false)
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
---@field data table<string, any>|nil what the last hook passed on (what the target received)

---A presented screen.
---@class HookStackEntry
---@field screen string
---@field from "cell"|"navbar"|"menu"|"picker"|"hook"
---@field data table<string, any>|nil
---@field dataSource any the navigation's data source (the SDK's `dataSourceModel`)
---@field hook? string the hook's identifier, for a hook screen
---@field presentation? "push"|"present" how a hook screen is shown (`styles.presentation`)

---The app's launch through its app-loading hooks.
---@class HookAppState
---@field state "not launched"|"launching"|"ready"|"failed"
---@field stage string|nil the stage running (`executeOnLaunch`...)
---@field waitingFor string|nil the plugin it waits for

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
---@field data table<string, any>|nil
---@field app HookAppState

---What `done` of an app-loading stage is: call it once, now or later.
---@alias AppLoadingDone fun()

---The table given to `hooks.appLoadingPlugin` (the SDK's `AppLoadingHookProtocol`); every stage
---is optional, at least one is given. `self` is a fresh instance per launch: the fields plus
---`identifier` and `pluginModel`. A key it does not declare is an error.
---@class AppLoadingPluginDefinition
---@field identifier string matches `plugin.identifier` in plugin_configurations.json
---@field type? string the plugin type when no plugin configurations are loaded at all (default "general"); the SDK runs only plugins whose manifest has `api.require_startup_execution: true`, of the types analytics, push_provider, general, error_monitoring, in that order
---@field init? fun(self: table): boolean|nil returning false (or an error) skips the plugin
---@field executeOnLaunch? fun(self: table, done: AppLoadingDone) after the plugins are prepared; the launch waits
---@field executeOnApplicationReady? fun(self: table, done: AppLoadingDone) before the root is presented; the launch waits
---@field executeAfterAppRootPresentation? fun(self: table, done: AppLoadingDone) after the root is presented; the app does not wait
---@field executeOnFailedLoading? fun(self: table, done: AppLoadingDone) the app's loading failed
---@field executeOnContinuingUserActivity? fun(self: table, activity: table, done: AppLoadingDone) a user activity; these run at once, plugin after plugin, even during the launch

---The options of `hooks.navigate`: where the navigation starts, and its data source.
---@class HookNavigateOptions
---@field from? "cell"|"navbar"|"menu"|"picker"
---@field dataSource? any

---The options of `hooks.configure`.
---@class HookOptions
---@field timeout? number|false virtual seconds after which a hook that has not completed fails (default 30; 0 or false: never, as in the SDK)

---The options of `hooks.launch`: the root screen, and whether the app's loading fails.
---@class HookLaunchOptions
---@field root? string
---@field loadingFails? boolean

---A user activity (`NSUserActivity`) for `hooks.continueUserActivity`.
---@class HookUserActivity
---@field activityType string
---@field webpageURL? string
---@field userInfo? table

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
---@param options? HookNavigateOptions
---@return HookNavigationResult
function hooks.navigate(screenId, options) end

---The user goes back: the top screen is popped (a hook screen: as `closeHookScreen`); the screen
---shown again re-runs its recurring post-load hooks. Error on an empty stack, or while a
---navigation runs (other than from its hook screen).
function hooks.back() end

---The user closes the hook screen being shown: the hook fails as cancelled (a screen a failed
---flow blocker kept is just removed).
---@return boolean closed false when no hook screen is shown
function hooks.closeHookScreen() end

---The navigation state.
---@return HookNavigationState
function hooks.state() end

---Sets the manager's options; returns the effective ones.
---@param options? HookOptions
---@return {timeout: number}
function hooks.configure(options) end

---Registers (or replaces) an app-loading hook plugin.
---@param definition AppLoadingPluginDefinition
function hooks.appLoadingPlugin(definition) end

---Launches the app through its app-loading hooks; returns once the engine is idle. Error when
---the app is already launched (a relaunch starts a new process) or `root` is not in the river.
---@param options? HookLaunchOptions
---@return HookAppState
function hooks.launch(options) end

---The system hands the app a user activity (`application:continueUserActivity:`): the app-loading
---plugins that implement `executeOnContinuingUserActivity` run at once; with none, the UI layer
---handles it at once (`activity.continued`, `by`).
---@param activity HookUserActivity
function hooks.continueUserActivity(activity) end
---The system opens the app with a URL (`application(_:open:options:)`): handled at once when the app
---is ready (`url.opened`); before, kept (a later one replaces it) and opened 0.1 s after the root is
---presented (`url.delayed`).
---@param url string
function hooks.openURL(url) end

return hooks
