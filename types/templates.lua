---@meta templates

-- LuaLS annotations for the `templates` module of ctlua (global `templates`, or
-- `require "templates"`): CleverTap custom code templates and app functions, and
-- the simulated in-app queue that presents them (docs/lua-api.md).
-- Errors are Lua errors starting with `templates: `; validation errors carry the
-- iOS SDK's message text (e.g. `templates: Argument with the name "a" already defined.`).

---The markers `templates.file` and `templates.action`, used as argument defaults.
---@class TemplateArgumentMarker
---@field __ctlua "templates.file"|"templates.action"

---A default: a string, number or boolean (a scalar argument), a table of them
---(a dictionary, flattened into dotted arguments `name.key`), or a marker.
---@alias TemplateArgumentDefault string|integer|number|boolean|table<string, any>|TemplateArgumentMarker

---One argument, `{name, default}`: `{"title", "Hi"}`, `{"image", templates.file}`,
---`{"buttons.ok", templates.action}`, `{"style", {color = "#fff"}}`.
---@class TemplateArgument
---@field [1] string the argument name (may contain dots and spaces)
---@field [2] TemplateArgumentDefault the default (nil is the error `Default value cannot be nil.`)

---The table given to `templates.define`.
---@class TemplateDefinition
---@field name string unique per app; not a system function name
---@field type? "template"|"function" default "template"
---@field visual? boolean functions only: a visual function goes through the in-app queue (default false)
---@field isVisual? boolean same as `visual`
---@field arguments? TemplateArgument[] an ordered list (order matters for the sync payload)
---@field onPresent fun(ctx: TemplateContext) required
---@field onClose? fun(ctx: TemplateContext) called by a close action while the context is active

---A presenter for JSON definitions: `templates.presenter(name, p)` and `templates.defineJSON`.
---@class TemplatePresenter
---@field onPresent fun(ctx: TemplateContext) required
---@field onClose? fun(ctx: TemplateContext)

---The presenters of `templates.defineJSON`: one for all templates, one for all functions.
---@class TemplateJSONPresenters
---@field template? TemplatePresenter
---@field ["function"] TemplatePresenter|nil

---What a presenter gets. Values: the default, replaced by the in-app's `vars[name]`
---when that value has the argument's type (a wrong-typed override keeps the default; numbers and
---booleans override each other).
---@class TemplateContext
---@field templateName string the name of the template or function being presented
local TemplateContext = {}

---The string value of an argument; nil when undefined or not a string.
---@param name string
---@return string|nil
function TemplateContext:string(name) end

---The number value (an integer when the value is one); a boolean reads as 1 or 0 (numbers and
---booleans override each other, as `NSNumber` in the SDK); nil when undefined or neither.
---@param name string
---@return number|nil
function TemplateContext:number(name) end

---The number value truncated toward zero; a boolean reads as 1 or 0; nil when undefined or neither.
---@param name string
---@return integer|nil
function TemplateContext:integer(name) end

---The boolean value; a number reads as true when non-zero (the SDK's `boolValue`); nil when
---undefined or neither a boolean nor a number.
---@param name string
---@return boolean|nil
function TemplateContext:boolean(name) end

---Every value under `name.`, nested on dots (`style.font.size` -> `{font = {size = ...}}`);
---an action inside reads as its templateName, else its action type. Nil when there is none.
---@param name string
---@return table<string, any>|nil
function TemplateContext:dictionary(name) end

---The local path of a file argument's downloaded file; nil when the in-app sent no URL.
---As the SDK's `fileNamed:`, there is no type check: another argument's string value is returned.
---@param name string
---@return string|nil
function TemplateContext:file(name) end

---Runs the action argument `name`, after recording Notification Clicked: `close` -> the
---presenter's onClose, `url` -> opens the `ios` URL (`action.url`), `kv` -> `action.kv` (when
---not empty), `custom-code` -> spawns that template or function (a visual one at the head of
---the store queue, after in-apps already pending; a non-visual one at once, each time).
---On an argument without an action it logs `No argument of type action with name <name> for
---template <template>.`; on an app function, or after `dismissed()`, it does nothing.
---@param name string
function TemplateContext:triggerAction(name) end

---Records that the template is shown (`template.presented`, Notification Viewed, an
---impression for limits and caps), each time it is called as in the SDK; does nothing for an
---in-app that is itself an action, or after `dismissed()`.
function TemplateContext:presented() end

---Ends the presentation, once (`template.dismissed`): removes the active context and,
---unless it is a non-visual action, frees the display so the next in-app shows.
function TemplateContext:dismissed() end

---An action value as the server sends it in `vars`.
---@class InAppAction
---@field actions { type: "close"|"url"|"kv"|"custom-code", ios?: string, android?: string, kv?: table<string, any>, templateName?: string, vars?: table<string, any> }

---An in-app notification (server JSON). Only `type == "custom-code"` carries template data.
---@class InAppNotification
---@field type string "custom-code"
---@field templateName string
---@field wzrk_id? string the in-app id (generated as `inapp-N` when missing)
---@field ti? integer|string the campaign id: every counter, limit and cap is keyed by it
---@field priority? number selects among eligible client-side in-apps (higher first, default 1); `inapp_notifs` show in server order
---@field templateId? string
---@field wzrk_ttl? integer Unix seconds after which the in-app is dropped at display (absent: 48 h after preparation)
---@field wzrk_ttl_offset? integer seconds: `wzrk_ttl` of a delayed in-app when its timer fires
---@field whenTriggers? CampaignTrigger[] client-side and server-side in-apps: OR-ed triggers
---@field frequencyLimits? CampaignLimit[] AND-ed with `occurrenceLimits`; checked again at display
---@field occurrenceLimits? CampaignLimit[]
---@field delayAfterTrigger? integer 1..1200 seconds: a delayed in-app
---@field inactionDuration? integer 1..1200 seconds: an in-action in-app (server-side)
---@field suppressed? boolean selected but recorded instead of shown (control group)
---@field excludeGlobalFCaps? boolean|integer not counted against `imc`/`imp`/`mdc`/`tlc`/`tdc` (else `efc`)
---@field mdc? integer per-session cap of this campaign (default 1000)
---@field tlc? integer lifetime cap of this campaign
---@field tdc? integer daily cap of this campaign
---@field vars? table<string, string|number|boolean|InAppAction>
---@field [string] any

---A trigger of `whenTriggers`.
---@class CampaignTrigger
---@field eventName? string compared normalized (spaces removed, lowercased)
---@field profileAttrName? string for `<key>_change` profile events
---@field eventProperties? { propertyName: string, operator?: integer, propertyValue?: any }[] AND-ed; operators 0 >, 1 ==, 2 <, 3 contains, 4 between, 15 !=, 26 set, 27 not set, 28 not contains
---@field itemProperties? { propertyName: string, operator?: integer, propertyValue?: any }[] Charged items, AND-ed
---@field firstTimeOnly? any any value (false included, as on iOS): only the first such event of the user
---@field geoRadius? { lat: number, lng: number, rad: number }[] OR-ed, km, needs `app.location`

---A limit of `frequencyLimits`/`occurrenceLimits`.
---@class CampaignLimit
---@field type? "ever"|"session"|"seconds"|"minutes"|"hours"|"days"|"weeks"|"onEvery"|"onExactly" unknown or missing: "ever"
---@field limit? integer
---@field frequency? integer

---A server response, handled key by key in the SDK's order.
---@class InAppResponse
---@field inapp_notifs? InAppNotification[] shown in server order (delayed ones scheduled)
---@field inapp_notifs_cs? InAppNotification[] client-side in-apps (replace the stored list when non-empty)
---@field inapp_notifs_ss? table[] server-side metadata (matches go to `inapps_eval`)
---@field inapp_notifs_meta? table[] in-action metadata: timers start now
---@field inapp_notifs_applaunched? InAppNotification[] evaluated against App Launched at once
---@field inapp_notifs_applaunched_meta? table[]
---@field inapp_stale? (integer|string)[] campaign ids whose counters are removed
---@field imc? integer global cap per session (absent: 10)
---@field imp? integer global cap per day (absent: 10)
---@field inapp_delivery_mode? "CS"|"SS" absent or other: SS and CS lists are wiped (iOS)

---What `templates.state()` returns (campaign ids as strings).
---@class CampaignState
---@field mode string|nil
---@field cs string[]
---@field csDelayed string[]
---@field ss string[]
---@field ssInAction string[]
---@field queue string[] the store queue (ids)
---@field pending string[] prepared in-apps waiting for the displayed one
---@field displayed string|nil
---@field delayed string[] the delayed store
---@field timers { ti: string, kind: "delayed"|"inaction", due: number }[]
---@field caps { perSession: integer, perDay: integer, shownSession: integer, shownToday: integer }
---@field counts table<string, { today: integer, lifetime: integer }>
---@field session table<string, integer> impressions this session
---@field impressions table<string, integer[]> Unix seconds
---@field triggers table<string, integer>
---@field evaluated string[] `inapps_eval`
---@field suppressed { wzrk_id: string, wzrk_pivot: string, wzrk_cgId?: any }[]
---@field events table<string, integer> the user's event log (normalized names)
---@field status "resume"|"suspend"|"discard"
---@field background boolean

---@class templateslib
---@field file TemplateArgumentMarker the default of a file argument
---@field action TemplateArgumentMarker the default of an action argument (templates only)
templates = {}

---Defines a template or an app function. Errors carry the SDK's validation messages.
---@param spec TemplateDefinition
---@return true
function templates.define(spec) end

---Defines templates from CleverTap's JSON format (text or a table). Each template uses
---the presenter registered by name with `templates.presenter`, else `presenters.template`
---(functions: `presenters["function"]`); a missing presenter is an error.
---@param definitions string|table
---@param presenters? TemplateJSONPresenters
---@return true
function templates.defineJSON(definitions, presenters) end

---Registers the presenter of the JSON-defined template `name` (a scenario's
---`setup.templates` and later `templates.defineJSON` calls use it).
---@param name string
---@param presenter TemplatePresenter
function templates.presenter(name, presenter) end

---The defined names, sorted.
---@return string[]
function templates.list() end

---The `defineTemplates` body (JSON text). Errors unless the app is a debug build with a test user.
---@return string
function templates.syncPayload() end

---Delivers a server response (handled as the SDK does: docs/campaigns.md), or one in-app or a
---list of them (shorthand for `{inapp_notifs = ...}` that leaves the delivery mode unchanged),
---or the JSON text of any of these; returns once the engine is idle. Unregistered templates
---are skipped (`inapp.skipped`).
---@param payload InAppNotification|InAppNotification[]|InAppResponse|string
function templates.deliver(payload) end

---Suspends in-app rendering: show attempts do nothing.
function templates.suspend() end

---Discards in-apps: each show attempt drops the head in-app until `resume`.
---@param dismissVisible? boolean also dismiss the displayed in-app
function templates.discard(dismissVisible) end

---Resumes rendering and makes one show attempt.
function templates.resume() end

---A message an HTML in-app's page posts to the SDK's JS bridge (`CleverTapJSInterface`):
---`recordEventWithProps` (`event`, `properties`), `profilePush` (`properties`), `recordChargedEvent`
---(`chargeDetails`, `items`), `onUserLogin` (`properties`), `triggerInAppAction` (`actionJson`,
---`callToAction`, `buttonId`: Notification Clicked with the URL's parameters, `wzrk_c2a`,
---`wzrk_element_id` = buttonId, `wzrk_action`/`wzrk_data`/`wzrk_dl` for a URL, the action, the
---in-app hidden), `dismissInAppNotification`, `promptForPushPermission` (`showFallbackSettings`).
---@param message { action: string, [string]: any }
function templates.jsBridge(message) end

---The campaign state: lists, queue, timers, caps, counts, impressions, triggers...
---@return CampaignState
function templates.state() end

---A close action on the displayed in-app (`template.closed`, then onClose while its
---context is active). False when nothing is displayed.
---@return boolean closed
function templates.close() end

---The displayed in-app (its JSON as a table), or nil.
---@return InAppNotification|nil
function templates.displayed() end

---The waiting in-apps in display order: pending (prepared) ones, then the store queue
---(the displayed one is not included).
---@return InAppNotification[]
function templates.queue() end

---The active context of the template `name`, or nil.
---@param name string
---@return TemplateContext|nil
function templates.activeContext(name) end

return templates
