---@meta ui

-- LuaLS annotations for the `ui` module of ctlua (global `ui`, or `require "ui"`):
-- the headless UI that presenters draw on. Every change is recorded in the
-- transcript (`ui.show`, `ui.update`, `ui.hide`; taps as `ui.tap`, typing as
-- `ui.type`, selecting as `ui.select`).

---A view: `id`, optional `onTap`, `onType` and `onSelect`, and any other
---JSON-encodable properties (`text`, `image`, `color`, ...). Keys must be strings;
---functions other than these three are refused.
---@class ViewSpec
---@field id string The view id (unique; showing an id again replaces that view).
---@field onTap? fun(id: string) Called by `app.tap(id)` / a scenario's `tap` step (an error becomes an `error` event).
---@field onType? fun(text: string) Called by `app.type(id, text)` / a scenario's `type` step with the text typed.
---@field onSelect? fun(value: string) Called by `app.select(id, value)` / a scenario's `select` step with the option's value.
---@field text? string
---@field image? string
---@field [string] any

---What `ui.find` returns: the view's properties plus its `id` (never its handlers).
---@class ViewProperties
---@field id string
---@field [string] any

---@class uilib
ui = {}

---Shows (or replaces) a view.
---@param spec ViewSpec
function ui.show(spec) end

---Merges properties into a shown view. Errors `ui: no view with id '<id>'` when it
---is not shown. Note: handlers (`onTap`...) given here are not installed (keep them in `ui.show`).
---@param id string
---@param props table<string, any>
function ui.update(id, props) end

---Removes a view (does nothing when it is not shown).
---@param id string
function ui.hide(id) end

---The properties of a shown view, or nil.
---@param id string
---@return ViewProperties|nil
function ui.find(id) end

return ui
