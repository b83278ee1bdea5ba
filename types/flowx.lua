---@meta flowx

-- LuaLS annotations for the `flowx` module of ctlua (global `flowx`, or `require "flowx"`):
-- the FlowX.AI renderer's data source, headless (docs/flowx.md). Errors are Lua errors
-- starting with `flowx: `.

---A value as a form field holds it: text, a number, a boolean (switches), or nil when empty.
---@alias FlowXValue string|number|boolean|nil

---@class FlowXValidatorOptions
---@field async? boolean the validator gets a third argument `done(valid)` and may call it later (default false)

---One validator of a field in a form: a built-in (`required`, `requiredTrue`, `min`, `max`,
---`minLength`, `maxLength`, `email`, `pattern`, `isSameOrBeforeToday`, `isSameOrAfterToday`)
---or a custom one by name.
---The validators' settings (`flowx.options`).
---@class FlowXOptions
---@field strictValidators? boolean a validator name nothing answers is invalid (default false: valid, with a warning)
---@field asyncTimeout? number seconds an async validator may take before it counts as invalid (default 5)

---@class FlowXValidatorSpec
---@field name string
---@field params? string[] e.g. `{"18"}` for `min`
---@field message? string shown under the field when this validator fails first
---@field type? "custom"|"builtIn" `custom`: asked of the custom validators even for a built-in name

---@class FlowXField
---@field key string the field's key in the process data
---@field label? string
---@field type? string `text` (default), `number`, `switch`, `date`...
---@field validators? FlowXValidatorSpec[]

---@class FlowXForm
---@field id string
---@field fields FlowXField[]

---An analytics event: `screen{value, customPayload}` or `action{value, component, label, screen, customPayload}`.
---@class FlowXAnalyticsEvent
---@field kind "screen"|"action"
---@field value string
---@field component? string
---@field label? string
---@field screen? string
---@field customPayload table

---What the renderer waits for when it asks for a loader.
---@class FlowXLoader
---@field type "startProcess"|"reloadProcess"|"action"|"upload"
---@field name? string the action's name (`action`, `upload`)

---The stepper position of a screen (the SDK's StepViewModel); the substep fields only when the
---step has substeps of its own.
---@class FlowXStepViewModel
---@field stepTitle? string
---@field substepTitle? string
---@field step integer 1-based
---@field totalSteps integer
---@field substep? integer 1-based
---@field totalSubsteps? integer

---A headless view handed to the renderer: `id` (a default is used when absent) and properties.
---@class FlowXView
---@field id? string
---@field [string] any

---The host app's data source callbacks (all optional).
---@class FlowXDataSource
---@field validate? fun(name: string, value: string, params: string[]): boolean|nil custom validators not registered with `flowx.validator`; nil: unknown
---@field collect? fun(event: FlowXAnalyticsEvent)
---@field errorReceivedForAction? fun(action: string) the server rejected an action
---@field dismissRequested? fun(process: string) the user tapped the close button of a modal process: the app decides (it keeps the process, or confirms and calls `flowx.stopProcess(process)`)
---@field newProcessStarted? fun(uuid: string) a START_PROJECT action started a process; presenting it is the app's job (`flowx.continueExistingProcess(uuid)`)
---@field customLoader? fun(loader: FlowXLoader): FlowXView|nil
---@field viewForStepperHeader? fun(step: FlowXStepViewModel): FlowXView|nil

---A custom component's methods; `self` is the component shown (`self.identifier`, `self.data`,
---`self.actions`, and anything the methods store in it).
---@class FlowXComponent
---@field populateUI? fun(self: table, data: table, actions: string[]): table|nil properties shown on the component's view
---@field updateUI? fun(self: table, data: table): table|nil properties changed when its data changes
---@field saveData? fun(self: table): table|nil merged into the request of the actions on its screen
---@field validate? fun(self: table): boolean false blocks an action that validates the component
---@field titleForScreen? fun(self: table): string|nil the title of the screen it is on (nil: the screen's own)

---What a custom component's `self` holds besides what its methods store.
---@class FlowXComponentSelf
---@field identifier string
---@field appearance "light"|"dark" the theme's appearance (`setupTheme`'s `appearance`) when the component was created
---@field data any
---@field actions string[] the actions it may run
---@field runAction fun(self: FlowXComponentSelf, name: string, params?: table) runs one of its actions; params join the request
---@field runUploadAction fun(self: FlowXComponentSelf, name: string, file: string) runs one of its upload actions

---The renderer's configuration (FXConfig).
---@class FlowXConfig
---@field baseURL string mandatory
---@field enginePath string mandatory
---@field imageBaseURL string mandatory
---@field organizationId string mandatory
---@field locale? string a BCP 47 tag, default "en-us"
---@field language? string default "en"
---@field logLevel? "none"|"verbose" default "none"
---@field additionalHttpHeaders? table<string, string>
---@field cacheDocuments? boolean default true
---@field updateStateEnabled? boolean default true: the process on screen is refreshed when the app comes back to foreground

---An enumeration item: unknown keys are ignored, missing fields stay nil (as the SDK decodes).
---@class FlowXEnumerationItem
---@field code string
---@field content? string
---@field order? integer
---@field type? string
---@field childContentDescription? {name: string}

---The process on screen (or the last one started).
---@class FlowXProcessState
---@field process string the definition's name
---@field uuid string
---@field state "running"|"ended"|"stopped"
---@field screen string
---@field step? integer
---@field substep? integer
---@field modal boolean
---@field uiFlow? boolean started with `flowx.startUIFlow`
---@field errors table<string, string> field key → message of the last blocked action
---@field data table every value filled in and saved
---@field submitted table|nil the request of the last action that ran

---@class flowx
flowx = {}

---Registers (or replaces) a custom validator. Sync: return a boolean. Async (`{async = true}`):
---call `done(valid)` once, now or later (`app.after`); not calling it within the timeout is invalid.
---An error or a non-boolean result counts as invalid and is recorded as an `error` event.
---@param name string must match the validator's name in forms
---@param validator fun(value: FlowXValue, params: string[], done?: fun(valid: boolean)): boolean?
---@param options? FlowXValidatorOptions
function flowx.validator(name, validator, options) end

---Runs a validator (built-in or custom), waiting for an async one on the virtual clock.
---@param name string
---@param value FlowXValue
---@param params? string[]
---@return boolean valid
---@return string? reason `unknown validator`, or the error that made it invalid
function flowx.validate(name, value, params) end

---Validates a form against data: each field's first failing validator gives its message.
---@param form FlowXForm
---@param data table<string, FlowXValue>
---@return boolean ok
---@return table<string, string> errors field key → message
function flowx.validateForm(form, data) end

---Validator options: `strictValidators` (unknown names are invalid), `asyncTimeout` (seconds, default 5).
---@param options? FlowXOptions
---@return {strictValidators: boolean, asyncTimeout: number}
function flowx.options(options) end

---Listens to every analytics event the renderer collects.
---@param listener fun(event: FlowXAnalyticsEvent)
function flowx.onEvent(listener) end

---Collects an analytics event as the renderer would (`kind` or `type`: "screen" or "action").
---@param event FlowXAnalyticsEvent
function flowx.collect(event) end

---Sets the data source callbacks (replacing earlier ones).
---@param callbacks FlowXDataSource
function flowx.dataSource(callbacks) end

---Provides the custom component for an identifier.
---@param identifier string
---@param component FlowXComponent
function flowx.component(identifier, component) end

---@param tags table<string, string>
function flowx.setTags(tags) end
---@param key string
---@return string|nil
function flowx.tag(key) end
---@param media table<string, string> key → URL
function flowx.setMedia(media) end
---@param key string
---@return string|nil
function flowx.mediaURL(key) end
---@param enumerations table<string, FlowXEnumerationItem[]>
function flowx.setEnumerations(enumerations) end
---The items of an enumeration in order (cached per language); with `parent`, only when an item of
---the parent names it as its child. Nil when unknown.
---@param name string
---@param parent? string
---@return FlowXEnumerationItem[]|nil
function flowx.enumeration(name, parent) end

---Configures the renderer; errors name every missing mandatory field.
---@param config FlowXConfig
---@return FlowXConfig effective the configuration with defaults filled in
function flowx.configure(config) end
---The SDK's `changeLocaleSettings`: either argument may be nil (kept).
---@param locale? string a BCP 47 tag
---@param language? string
function flowx.changeLocaleSettings(locale, language) end
---Same as `flowx.changeLocaleSettings`.
---@param locale? string
---@param language? string
function flowx.changeLocale(locale, language) end
---Sets (or clears) the session token (FXSessionConfig); needed before `setupTheme`.
---@param token? string
function flowx.session(token) end
---The themes the simulated server knows, by uuid.
---@param themes table<string, table>
function flowx.setThemes(themes) end
---The labels of the SDK's `FXTheme.setupTheme(withUuid:workspaceId:localFileUrl:appearance:completion:)`.
---@class FlowXThemeSetup
---@field withUuid string the theme's uuid
---@field workspaceId? string the workspace (recorded on `flowx.theme`)
---@field localFileUrl? string the fallback theme file, relative to the script's folder
---@field appearance? "light"|"dark" the SDK's `.light` (default) or `.dark`; custom components read it as `self.appearance`
---@field completion? fun() called when the setup finishes

---The SDK's `FXTheme.setupTheme(withUuid:workspaceId:localFileUrl:appearance:completion:)`: needs
---the session; the theme comes from `setThemes`, else from the fallback file (relative to the
---script's folder; one that is no JSON file there is a `warning`), else none; the setup finishes
---either way: `completion` runs, then the `themeFetched` subscribers. Needed before a process
---starts. Forms: `setupTheme{withUuid = ..., ...}`; `setupTheme(uuid, workspaceId, localFileUrl,
---appearance, completion)` (the seed's order: used when a third string or more than three arguments
---are given); `setupTheme(uuid, localFileUrl, completion)` (the 4.x order). A completion that sets the
---theme up again nests at most 8 deep (then an `error`, and that setup's completion does not run).
---@overload fun(setup: FlowXThemeSetup)
---@overload fun(uuid: string, localFileUrl?: string, completion?: fun())
---@param uuid string
---@param workspaceId? string
---@param localFileUrl? string
---@param appearance? "light"|"dark"
---@param completion? fun()
function flowx.setupTheme(uuid, workspaceId, localFileUrl, appearance, completion) end
---`FXTheme.themeFetched`: `subscriber(true)` each time a theme setup finishes (after its completion).
---@param subscriber fun(fetched: boolean)
function flowx.themeFetched(subscriber) end
---The SDK's `updateAuthorization(token:)`: the auth session's access token changed; the renderer's
---session token is replaced (`flowx.session`).
---@param token string
function flowx.updateAuthorization(token) end
---The SDK's `getEnumeration(name:parentName:completion:)`: `completion(items)` with the items in
---`order`, in the configured language; nil when unknown.
---@param name string
---@param parentName? string
---@param completion fun(items: FlowXEnumerationItem[]|nil)
function flowx.getEnumeration(name, parentName, completion) end

---Loads a process definition (a table or JSON text, format in docs/flowx.md).
---@param definition table|string
---@return string name
function flowx.loadProcess(definition) end
---The call-time options of the SDK's `startProcess` / `continueExistingProcess`.
---@class FlowXStartOptions
---@field workspaceId? string recorded on `flowx.process.started`
---@field projectId? string recorded on `flowx.process.started`
---@field isModal? boolean shown modally (a close button: `dismissRequested`); default the definition's `modal`
---@field showLoader? boolean ask for the loader: `startProcess` when starting, `reloadProcess` when continuing (default false, as the SDK)
---@field completion? fun(uuid: string) called once the process shows, with its uuid (`""` when it could not start)
---@field onProcessEnded? fun() called when the process reaches its end (not when the app stops it)
---@field onProcessStarted? fun(uuid: string) the SDK's `onProcessStarted(uuid)`: called once the process started, before its first screen and `completion` (not by a continue)

---Opens the FlowX session (optional: the first start opens it).
function flowx.startSession() end
---Ends the FlowX session: every started process is stopped.
function flowx.endSession() end
---The SDK's `startProcess`: starts and shows a process; gives its uuid, or `""` when it cannot
---start (not configured, unknown name...: a `flowx.process.failed` event says why). Never raises
---for that; returns once the engine is idle.
---@param name string
---@param params? table start parameters (initial process data)
---@param options? FlowXStartOptions
---@return string uuid
function flowx.startProcess(name, params, options) end
---The SDK's `startUIFlow`: as `startProcess`, the instance marked as a UI flow.
---@param name string
---@param params? table
---@param options? FlowXStartOptions
---@return string uuid
function flowx.startUIFlow(name, params, options) end
---The SDK's `continueExistingProcess`: shows a running process again (a `reloadProcess` loader
---only with `showLoader = true`: the SDK's default is false).
---Raises when there is no such running instance, or `name` is not its process's name.
---@param uuid string
---@param name? string
---@param options? FlowXStartOptions `isModal`, `showLoader`, `completion`, `onProcessEnded`
function flowx.continueExistingProcess(uuid, name, options) end
---The SDK's `continueLatestProcess`: continues the latest process started (the instance the
---renderer tracks) as `continueExistingProcess` does; its uuid, or `""` when none was started or
---it is no longer running (`flowx.process.failed` says why). Never raises for that.
---@param options? FlowXStartOptions `isModal`, `showLoader`, `completion`, `onProcessEnded`
---@return string uuid
function flowx.continueLatestProcess(options) end
---The SDK's `stopProcess(name:)`: cleans up every running instance of that process; one on
---screen leaves it and the process that started it, if running, shows again.
---@param name string
function flowx.stopProcess(name) end
---ctlua's shorthand: starts a process by name with the `startProcess` loader and raises when it
---cannot start; returns once the engine is idle.
---@param name string
---@param params? table start parameters (initial process data)
---@return string uuid
function flowx.start(name, params) end
---Fills fields of the screen shown.
---@param values table<string, FlowXValue>
function flowx.fill(values) end
---Runs an action of the screen shown (as tapping its button); `params` join its request (the
---SDK's `runAction(action:params:)`).
---@param name string
---@param params? table
function flowx.action(name, params) end
---Runs an upload action of the screen shown with a file.
---@param name string
---@param file string
function flowx.upload(name, file) end
---The user taps the close button of the modal process shown: `dismissRequested` runs; the
---process stays until the app stops it.
function flowx.dismiss() end
---Shows a running process again; `continueExistingProcess` without options (no loader).
---@param uuid string
---@param name? string
function flowx.resume(uuid, name) end
---Gives a custom component of the screen shown new data (its `updateUI`).
---@param id string the component's id on the screen
---@param data table
function flowx.update(id, data) end
---The process on screen, else the last one started; nil when none was.
---@return FlowXProcessState|nil
function flowx.state() end

return flowx
