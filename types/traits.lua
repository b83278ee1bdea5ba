---@meta traits

-- LuaLS annotations for the `traits` module of ctlua (global `traits`, or
-- `require "traits"`): Appcues-style experience traits, composed and presented
-- headlessly as the Appcues iOS SDK composes them (docs/traits.md).
-- Errors are Lua errors starting with `traits: ` or Lua's own
-- `bad argument #1 to 'register' (...)`. Indexes (group, step, page) are 1-based;
-- messages quoted from the SDK keep its 0-based indexes.

---@alias TraitLevel "experience"|"group"|"step"

---A headless view: a kind, an optional id, JSON properties and child views.
---The composed tree is what `traits.current().tree` returns.
---@class TraitView
---@field kind string `step`, `container`, `wrapper`, `backdrop`, or a kind of your own
---@field id string|nil step views carry their step's id
local TraitView = {}
---A property (nil when unset).
---@param key string
---@return any
function TraitView:get(key) end
---Sets a property (a JSON value); nil removes it.
---@param key string
---@param value any
function TraitView:set(key, value) end
---Adds `child` on top of the children (it leaves its former parent). Error when the tree would be
---more than 100 levels deep or `child` contains this view.
---@param child TraitView
function TraitView:add(child) end
---Inserts `child` at `index` (1-based, clamped).
---@param child TraitView
---@param index integer
function TraitView:insert(child, index) end
---Removes the view from its parent.
function TraitView:remove() end
---@return TraitView[]
function TraitView:children() end
---The first view of the subtree (this one included) with this id or kind.
---@param idOrKind string
---@return TraitView|nil
function TraitView:find(idOrKind) end
---@return TraitView|nil
function TraitView:parent() end
---The subtree as a table `{kind=, id=, <properties>..., children={...}}`.
---@return table
function TraitView:tree() end
---Whether both values are the same view.
---@param other any
---@return boolean
function TraitView:is(other) end
---What `traits.tap(id)` on this view does (nil: nothing).
---@param handler fun()|nil
function TraitView:onTap(handler) end
---What `traits.longPress(id)` (and the `longPress` step) on this view does (nil: nothing).
---@param handler fun()|nil
function TraitView:onLongPress(handler) end
---Called when the app's views change (`ui.show`/`update`/`hide`) while the experience is shown,
---once the engine is idle (the SDK's frame observer). One handler per key; nil removes it.
---@param keyOrHandler string|fun()|nil a key (then the handler), or the handler for key ""
---@param handler? fun()|nil
function TraitView:onLayout(keyOrHandler, handler) end

---The pages of a container (1-based).
---@class PageMonitor
---@field numberOfPages integer
---@field currentPage integer
local PageMonitor = {}
---Called after each page change with the new and the old page.
---@param observer fun(newPage: integer, oldPage: integer)
function PageMonitor:addObserver(observer) end
---Changes the page (the container navigates).
---@param page integer
function PageMonitor:set(page) end

---The metadata shared by the traits of the presented step group (`self.metadata`).
---@class TraitMetadataDelegate
local TraitMetadataDelegate = {}
---Merges values (handlers are not notified until `publish`).
---@param values table<string, any>
function TraitMetadataDelegate:set(values) end
---Removes values.
---@param keys string[]|string
function TraitMetadataDelegate:unset(keys) end
---Registers `handler` under `key`, replacing any handler under that key. Animating handlers run
---after the others, inside an animation when `animationDuration` and `animationEasing` are set.
---@param key string
---@param handler fun(meta: TraitMetadata)
---@param animating? boolean
function TraitMetadataDelegate:registerHandler(key, handler, animating) end
---@param key string
function TraitMetadataDelegate:removeHandler(key) end
---Calls every handler with the metadata; the current values then become the previous ones.
function TraitMetadataDelegate:publish() end
---A current value.
---@param key string
---@return any
function TraitMetadataDelegate:get(key) end

---What handlers get: `meta[key]` is the current value.
---@class TraitMetadata
---@field [string] any
local TraitMetadata = {}
---The value at the previous publish.
---@param key string
---@return any
function TraitMetadata:previous(key) end
---@param key string
---@return boolean
function TraitMetadata:isSet(key) end
---@param key string
---@return any
function TraitMetadata:get(key) end

---`self` in a trait's functions: one instance per use in an experience; fields you set stay.
---@class TraitInstance
---@field type string
---@field config any the trait object's `config` (nil when absent)
---@field level TraitLevel
---@field metadata TraitMetadataDelegate set before any capability runs
---@field [string] any

---The table given to `traits.register`: a capability for each function present. A key it does
---not declare is an error (a misspelt `decorateStep` would never run): keep helpers in locals,
---and per-instance state in `self`.
---@class TraitDefinition
---@field type string unique (`@org/name`); the first registration wins
---@field init? fun(self: TraitInstance): boolean|nil, string|nil false drops the instance (a rejected config); a second result (why: `config.x: expected ...`) records a `warning`, whether the instance is dropped or kept
---@field decorateStep? fun(self: TraitInstance, step: TraitView)
---@field createContainer? fun(self: TraitInstance, steps: TraitView[], pageMonitor: PageMonitor): TraitView
---@field decorateContainer? fun(self: TraitInstance, container: TraitView)
---@field undecorateContainer? fun(self: TraitInstance, container: TraitView)
---@field createWrapper? fun(self: TraitInstance, container: TraitView): TraitView
---@field getBackdrop? fun(self: TraitInstance, wrapper: TraitView): TraitView|nil
---@field decorateBackdrop? fun(self: TraitInstance, backdrop: TraitView)
---@field undecorateBackdrop? fun(self: TraitInstance, backdrop: TraitView)
---@field present? fun(self: TraitInstance, wrapper: TraitView, done: fun())
---@field remove? fun(self: TraitInstance, wrapper: TraitView, done: fun())

---@class TraitErrorSpec
---@field description string the `step.error` message
---@field retryMilliseconds? integer retry the whole step presentation after this delay
---@field recoverable? boolean wait for `traits.retry()` instead of ending

---@class TraitError
---@field description string
---@field retryMilliseconds integer|nil
---@field recoverable boolean

---@class TraitsCurrent
---@field experience string the experience id
---@field group integer 1-based
---@field step integer 1-based
---@field context string its render context: `modal` or `embed:<frameID>`
---@field state "presenting"|"shown"|"failing"|"ending"
---@field tree table the composed view tree (the wrapper, or the container without one)
---@field metadata table<string, any>
---@field form table<string, TraitsFormField> the shown step's form fields by component id

---@class TraitsFormField
---@field label string
---@field value string a multi selection joined by newlines
---@field satisfied boolean its validators hold (required, min/max selections)
---@field error boolean a submit showed its error

---@class TraitsExperiment
---@field group string `control` (not shown) or an exposed group
---@field experimentId string a UUID
---@field experienceId string a UUID
---@field goalId string
---@field contentType string

---@class TraitsShowOptions
---@field trigger? string `show_call` (default), `qualification` (skips the first group's navigate actions), `deep_link`, `preview`, ...
---@field published? boolean false: a preview, no analytics (default true)
---@field priority? "normal"|"low" with another experience active in the same render context: normal dismisses it first, low is not shown (false); absent: an error
---@field experiment? TraitsExperiment an A/B experiment, as the SDK's: `appcues:experiment_entered` is published; a `control` group is not shown (false)
---@field strict? boolean false: ctlua's own lenient decoding (the SDK has none); default `traits.strict()`: true, as strictly as the SDK (UUID ids, every required key)

---@class TraitsActionStep
---@field group integer 1-based
---@field step integer 1-based

---@class TraitsActionContext
---@field type string the action's type
---@field level "step"|"group"
---@field experience string|nil the shown experience's id
---@field step TraitsActionStep|nil the shown step
---@field form table<string, string>|nil every form field's value by component id
---@field continue fun(ref?: integer|{index?: integer, offset?: integer, stepID?: string}) go to a step (default: the next)
---@field close fun(markComplete?: boolean) end the experience
---@field track fun(name: string, attributes?: table) an analytics event
---@field updateProfile fun(properties: table) profile attributes
---@field enqueue fun(action: TraitsActionModel) queue another action
---@field log fun(message: string)

---@class TraitsActionDefinition
---@field type string `@org/name`
---@field execute fun(ctx: TraitsActionContext, config: any) runs the action; it completes when it returns
---@field transformQueue? fun(queue: TraitsQueuedAction[], index: integer, config: any): (integer|TraitsActionModel)[] rewrites the queue before it runs (the SDK's `ExperienceActionQueueTransforming`): return positions of the old queue (1-based) and new action models; an error or another result leaves the queue as it was (logged)

---@class TraitsQueuedAction
---@field type string the queued action's type
---@field config? any its config (Lua actions)

---@class TraitsDelegate
---@field canDisplayExperience? fun(experienceID: string): boolean gets the id upper case (the SDK's `uuidString`); false blocks the step (`Step blocked by app`)
---@field navigate? fun(url: string, externally: boolean) the app's navigation delegate for `@appcues/link`
---@field continueUserActivity? fun(activity: TraitsUserActivity): boolean the app delegate's answer to a universal link (`application(_:continue:restorationHandler:)`): true when it handled the link; false (or an error) opens it in the browser

---The user activity a universal link is offered as.
---@class TraitsUserActivity
---@field activityType string `NSUserActivityTypeBrowsingWeb`
---@field webpageURL string the link
---@field userInfo {referrer: string} `{referrer = "Appcues"}`

---The SDK's `AppcuesPresentationMetadata`.
---@class TraitsPresentationMetadata
---@field id string the experience id, lower case
---@field name string
---@field isOverlay boolean presented in the modal context (modals, tooltips, slideouts)
---@field isEmbed boolean presented in an embed frame
---@field frameID string|nil the frame, for an embed

---The SDK's `AppcuesPresentationDelegate`: every callback optional; each call is a `presentation.delegate` event.
---@class TraitsPresentationDelegate
---@field canDisplayExperience? fun(metadata: TraitsPresentationMetadata): boolean only false refuses the presentation (`Step blocked by app`)
---@field experienceWillAppear? fun(metadata: TraitsPresentationMetadata) the first group is about to be presented
---@field experienceDidAppear? fun(metadata: TraitsPresentationMetadata) the first group is presented (before `experience_started`)
---@field experienceStepDidChange? fun(metadata: TraitsPresentationMetadata) a page change, or a later group presented
---@field experienceWillDisappear? fun(metadata: TraitsPresentationMetadata) the experience ends, before its container is removed
---@field experienceDidDisappear? fun(metadata: TraitsPresentationMetadata) its container is removed

---An embed frame's options (the SDK's `AppcuesFrameView`).
---@class TraitsFrameOptions
---@field retainContent? boolean true (default): content shown in the frame stays cached and shows again when the frame registers again, until a `screen_view` or a dismissal; false: each registration needs new content
---@field presentationDelegate? TraitsPresentationDelegate the frame's own delegate, asked before the app's

---@class TraitsConfig
---@field enableUniversalLinks? boolean the SDK's `Config.enableUniversalLinks` (default true): offer `http(s)` links to the app as universal links first
---@field universalLinkHostAllowList? string[]|false the app's `AppcuesUniversalLinkHostAllowList`: only these hosts are offered; false removes it (every host)

traits = {}

---Registers a trait written in Lua.
---@param definition TraitDefinition
---@return boolean registered false when the type is already registered (logged)
function traits.register(definition) end

---A headless view: `traits.view{kind = "card", id = "c", radius = 8, child1, child2}`.
---@param spec table `kind` (required), `id`, properties, then child views
---@return TraitView
function traits.view(spec) end

---An error object for `error(...)`: `error(traits.error{description = "...", retryMilliseconds = 300})`.
---@param spec TraitErrorSpec|string
---@return TraitError
function traits.error(spec) end

---Shows an experience (a table or JSON text) at a group and step (1-based, default 1).
---Returns false when composing or presenting failed (a `step.error` event). An empty Lua table
---where the SDK expects an array is an empty array (a conditional's `actions = {}` included). A
---file name (`"tour.json"`) is an error: only the `show` step reads files.
---@param experience table|string
---@param group? integer
---@param step? integer
---@param options? TraitsShowOptions
---@return boolean
function traits.show(experience, group, step, options) end

---Registers an action type written in Lua, as apps register theirs; false when the type is taken.
---@param definition TraitsActionDefinition
---@return boolean
function traits.action(definition) end

---@class TraitsComponentActions
---@field triggerBlockActions fun() queue every action the step attaches to this component, whatever its trigger (a "Custom component <id>" step_interaction first)
---@field track fun(name: string, properties?: table) runs at once, outside the action queue (as the SDK)
---@field nextStep fun() runs at once, outside the action queue
---@field previousStep fun() runs at once, outside the action queue
---@field close fun(markComplete?: boolean) runs at once, outside the action queue
---@field updateProfile fun(properties: table) runs at once, outside the action queue

---@class TraitsComponentDefinition
---@field identifier string matched against a `customComponent`'s `identifier`
---@field render fun(view: TraitView, config: any, actions: TraitsComponentActions) adds views to the component's view

---Registers a custom component written in Lua (the SDK's `CustomComponentRegistry`): a second registration
---of an identifier replaces the first (then it returns false: the identifier was registered before).
---@param definition TraitsComponentDefinition
---@return boolean
function traits.component(definition) end

---An action model, as an experience's `actions` list holds it.
---@class TraitsActionModel
---@field type string the action's type (`@appcues/continue`)
---@field on? string its trigger (default "tap")
---@field config? any

---Queues action models `{on, type, config}` as a user interaction (a `step_interaction` first), e.g. from a trait's tap handler.
---@param actions TraitsActionModel[]
---@param interactionType? string default "Button Tapped"
---@param viewDescription? string
function traits.runActions(actions, interactionType, viewDescription) end

---The registered action types (the 11 built-ins first).
---@return string[]
function traits.actions() end

---Goes to a step as `@appcues/continue`: an offset (default +1) or `{index=}`, `{offset=}`, `{stepID=}` (0-based index).
---@param ref? integer|{index?: integer, offset?: integer, stepID?: string}
function traits.continue(ref) end

---Ends the shown experience as `@appcues/close` (completed with `markComplete`); false when nothing is shown.
---@param markComplete? boolean
---@return boolean
function traits.close(markComplete) end

---Types a text into a text input of the shown step (its component id), replacing its value.
---@param id string
---@param text string
function traits.type(id, text) end

---Selects an option (by value) of an option select of the shown step; a multi select toggles it.
---@param id string
---@param value string
function traits.select(id, value) end

---Long-presses a component of the shown step (its `longPress` actions), or a view of the shown
---experience with an `onLongPress` handler, by id or kind (`"target"`: the target interaction).
---@param id string
function traits.longPress(id) end

---Every form field's value of the shown experience, by component id; nil when nothing is shown.
---@return table<string, string>|nil
function traits.form() end

---Shows the experiences of a qualification response (a table or JSON text: `performed_qualification`,
---`qualification_reason`, `experiments`, `experiences`), as the SDK: each experience decodes on its own
---(one that does not is a failed experience, `experience_error`), then they are tried in order until
---one shows (triggered by the reason), one list per render context (modal, each embed frame). An
---`event_trigger` or `forced` reason is normal priority (it replaces the active experience of its
---context); `screen_view`, `page_view` or none is low. A `screen_view` clears the embeds waiting for
---their frame. Returns the id of the first experience shown, or nil.
---@param response table|string
---@return string|nil
function traits.qualify(response) end

---Serves an experience (a table or JSON text) for `@appcues/launch-experience` and `nextContentId`, by its id.
---@param experience table|string
function traits.serve(experience) end

---Sets the app's delegates (`canDisplayExperience`, `navigate`, `continueUserActivity`); a missing one is removed.
---@param delegate TraitsDelegate
function traits.delegate(delegate) end

---Sets the app's presentation delegate (`Appcues.presentationDelegate`); nil removes it.
---@param delegate TraitsPresentationDelegate|nil
function traits.presentationDelegate(delegate) end

---Sets an embed frame's options (`AppcuesFrameView(retainContent:)`, its `presentationDelegate`), for
---every registration of that frame ID (an app view carrying it shown). Replaces the former options.
---@param frameID string
---@param options? TraitsFrameOptions
function traits.frame(frameID, options) end

---Sets the SDK configuration ctlua follows (absent keys unchanged) and returns it; without an argument, only reads it.
---@param config? TraitsConfig
---@return TraitsConfig
function traits.config(config) end

---The profile attributes set by `@appcues/update-profile` and `@appcues/submit-form`.
---@return table<string, any>
function traits.profile() end

---Ends the shown experience without analytics, drops the queued actions and the profile (`Appcues.reset`).
function traits.reset() end

---Changes the page (1-based) inside the shown container.
---@param page integer
function traits.page(page) end

---Dismisses the experience in focus (the modal one while active, else the embed started last), or
---the one of a render context (`"modal"`, `"embed:<frameID>"`); false when nothing is shown there.
---@param context? string
---@return boolean
function traits.dismiss(context) end

---Presents a step that failed with a recoverable error again; false when nothing waits.
---@return boolean
function traits.retry() end

---The experience in focus (the modal one while active, else the embed started last), or the one of
---a render context (`"modal"`, `"embed:<frameID>"`); nil when none.
---@param context? string
---@return TraitsCurrent|nil
function traits.current(context) end

---The experience active in every render context, by context (`modal`, `embed:<frameID>`).
---@return table<string, TraitsCurrent>
function traits.experiences() end

---Taps a view of the shown experience by id or kind (its `onTap`; a component with `tap` actions runs them).
---@param idOrKind string
function traits.tap(idOrKind) end

---@class TooltipRect
---@field x number
---@field y number
---@field width number
---@field height number

---@class TooltipLayoutSpec
---@field bounds TooltipRect the screen
---@field safeArea? {top: number?, left: number?, bottom: number?, right: number?}
---@field targetRectangle? TooltipRect nil: a sheet at the bottom
---@field preferredPosition? "top"|"bottom"|"left"|"right"
---@field distanceFromTarget? number
---@field pointerSize? {width: number, height: number} nil: no pointer
---@field pointerCornerRadius? number
---@field preferredWidth? number
---@field contentSize? {width: number, height: number}
---@field borderWidth? number
---@field cornerRadius? number

---@class TooltipPointer
---@field edge "top"|"bottom"|"left"|"right" the tooltip edge it is on
---@field width number
---@field height number
---@field cornerRadius number
---@field offset number from the middle of the edge
---@field x number the tip
---@field y number

---@class TooltipPlacement
---@field frame TooltipRect
---@field position "top"|"bottom"|"left"|"right"|nil nil without a target
---@field pointer TooltipPointer|nil
---@field pointerInset {top: number, left: number, bottom: number, right: number}

---Sets whether experiences (shown, served, launched) decode as strictly as the SDK's models
---(UUID ids, every required key: the default, true) or with ctlua's own lenient decoding (false;
---the SDK has none); returns the former setting. Without an argument, only reads it.
---@param on? boolean
---@return boolean
function traits.strict(on) end

---The SDK's tooltip geometry (`TooltipWrapperView`): the side by fit, the frame, the pointer.
---@param spec TooltipLayoutSpec
---@return TooltipPlacement
function traits.tooltipLayout(spec) end

---The app's headless views (`ui.show`), each `{id=, <properties>...}`: what targeting traits search.
---@return table[]
function traits.appViews() end

---The registered trait types, in registration order.
---@return string[]
function traits.registered() end

---The built-in `@appcues/*` types (loaded on demand when an experience uses one).
---@return string[]
function traits.builtins() end

return traits
