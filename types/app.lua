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

---The app's in-app callbacks (`app.delegate`); a missing one is a method the app does not implement.
---@class InAppDelegate
---@field shouldShow? fun(inapp: table, extras: table): boolean false: the in-app is skipped (reason `delegate`), the next one is tried; `extras` is `d.kv` (empty for custom code)
---@field didShow? fun(inapp: table) after `ctx:presented()` counted the impression
---@field buttonTapped? fun(kv: table<string, any>) a `kv` action with a non-empty `kv`
---@field dismissed? fun(inapp: table, extras: table, actionExtras: table) `ctx:dismissed()`; `actionExtras`: `{wzrk_id, wzrk_c2a}` of the last action
---@field shouldHandleURL? fun(url: string, channel: string): boolean false: a `url` action is not opened

---The options of `app.configure` (installed by the templates system).
---@class AppConfigureOptions
---@field debugBuild? boolean
---@field testUser? boolean
---@field pushEnabled? boolean
---@field online? boolean
---@field landscape? boolean
---@field pushStatus? "notDetermined"|"denied"|"authorized"
---@field pushAnswer? boolean
---@field discardedEvents? string[]

---A `CTLocalInApp` for `app.promptPushPrimer`.
---@class PushPrimerOptions
---@field inAppType? "alert"|"half-interstitial"
---@field titleText string
---@field messageText string
---@field positiveBtnText string
---@field negativeBtnText string
---@field followDeviceOrientation? boolean
---@field fallbackToSettings? boolean
---@field backgroundColor? string
---@field titleTextColor? string
---@field messageTextColor? string
---@field btnBorderRadius? string
---@field btnTextColor? string
---@field btnBorderColor? string
---@field btnBackgroundColor? string
---@field imageUrl? string
---@field altText? string

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

---URL fixtures, as a JSON scenario's `setup.files`: each URL an in-app file or image names is served
---from a local file (relative to the scenario's folder; under the `strict` policy inside the script
---roots) or fails with `{error = "reason"}` (`file.failed`). Replaces the fixtures set before;
---`app.files{}` removes them. Other URLs: local paths in place, http(s) downloads.
---@param fixtures table<string, string|{error: string}>
function app.files(fixtures) end

---Persists, rebuilds the engine from storage (the in-app queue is restored) and
---runs the loaded scripts again. A cold start: new session, App Launched, then `response`
---(the server's reply to the launch) and the client-side evaluation for App Launched.
---Pending (prepared) in-apps and timers are lost, as in the SDK.
---@param response? InAppResponse
function app.relaunch(response) end

---Records an event (`recordEvent:withProps:`): validated first as the SDK does (name cleaned and cut
---at 1,024, keys at 120, values at 1,024; restricted/discarded names dropped: `validation.error`,
---`event.dropped`), then nested tables flatten to `a.b`, json.null is dropped; evaluated against
---server-side, client-side and delayed in-apps. Returns once idle.
---@param name string
---@param props? table<string, any>
function app.event(name, props) end

---Records a Charged event with details and items (triggers may test `itemProperties`).
---@param details table<string, any>
---@param items? table<string, any>[]
function app.charged(details, items) end

---Pushes profile properties: one `<key>_change` event `{oldValue, newValue}` per changed key.
---@param props table<string, any>
function app.profile(props) end

---Sets the user's location (used by `geoRadius` of later events; evaluates nothing).
---@param lat number
---@param lng number
function app.location(lat, lng) end

---Sends the app to background: timers pause, nothing is shown.
function app.background() end

---Brings the app to foreground: timers resume with the time left (or are discarded), daily
---counters reset on a new date; more than 20 minutes after the last event a new session
---starts (App Launched, then `response`, then client-side evaluation).
---@param response? InAppResponse
function app.foreground(response) end

---A fresh install: every campaign store and counter wiped (global caps back to 1/1), new
---session; definitions, scripts, clock and transcript are kept.
function app.reset() end

---Unix time as the simulated SDK reads it (1700000000 + `app.now()`).
---@return number
function app.unixTime() end

---The simulated app's build: `debugBuild` and `testUser` (syncing definitions needs both),
---`pushEnabled` (`rfp` in-apps are not queued). The device: `online` (false: HTML in-apps are
---dropped), `landscape` (native in-apps without that orientation are dropped), `pushStatus`
---(`notDetermined` by default, `denied`, `authorized`), `pushAnswer` (what the user answers
---the OS push prompt; default true), `discardedEvents` (event names the SDK's validation drops).
---Also `ctlua run --debug-build --test-user`.
---@param options AppConfigureOptions
function app.configure(options) end

---`promptPushPrimer:` with a `CTLocalInApp`: while push is not enabled, shows the local push
---primer at once (outside the queue) as a native in-app (views `inapp.*`). Its first button asks
---the OS (or opens the settings when denied and `fallbackToSettings`), the second declines.
---@param options PushPrimerOptions
function app.promptPushPrimer(options) end

---`promptForPushPermission:`: the OS prompt when push is not determined (answered with
---`pushAnswer`); when denied, the app's notification settings if `fallbackToSettings`.
---@param fallbackToSettings? boolean
function app.promptForPushPermission(fallbackToSettings) end

---`onUserLogin:`. Identity keys are `Identity` and `Email`. The first login of a device that never
---pushed an identity, or an identity that maps to the current user, pushes the profile on the
---current user; a new identity switches to a new CleverTap ID, a known one switches back. A switch
---loads that user's in-app lists, store queue, impressions, trigger and cap counts, event log and
---profile, starts a new session (App Launched), pushes the profile. Timers, pending and displayed
---in-apps stay (iOS).
---@param identity string|table<string, any> the `Identity`, or the whole profile
---@param props? table<string, any> more profile properties (with a string identity)
function app.login(identity, props) end

---The app's in-app callbacks (`CleverTapInAppNotificationDelegate`, the URL delegate); nil removes
---them. Each runs under the engine's limits; an error or a yield is an `error` event and the SDK's
---default applies (show, open).
---@param callbacks InAppDelegate|nil
function app.delegate(callbacks) end

---The transcript, optionally only the entries whose type starts with `filter`.
---@param filter? string a type prefix, e.g. "template." or "action.url"
---@return TranscriptEvent[]
function app.events(filter) end

---Every view shown that has an id, whichever system drew it (a presenter's `ui.show`, an
---experience's views with their `kind`, a hook screen, a FlowX field): view id -> properties.
---@return table<string, table<string, any>>
function app.ui() end

---Taps a view, whichever system drew it: records `ui.tap` and runs what a tap does (a
---presenter's `onTap`, an experience view's actions, a FlowX button's action). Errors when no
---view has that id.
---@param viewId string
function app.tap(viewId) end

---Types a text into a view (replacing its value): a presenter's view with `onType`, an
---experience's text input, a FlowX form field. Errors when no view has that id or it takes no text.
---@param viewId string
---@param text string
function app.type(viewId, text) end

---Selects an option (by value) in a view: a presenter's view with `onSelect`, an experience's
---option select (a multi select toggles it), a FlowX form field.
---@param viewId string
---@param value string
function app.select(viewId, value) end

---Records a `log` event; the arguments are converted like `print` and joined by tabs.
---@param ... any
function app.log(...) end

return app
