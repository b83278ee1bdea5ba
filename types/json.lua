---@meta json

-- LuaLS annotations for the `json` module of ctlua (global `json`, or `require "json"`).
-- Integers stay integers (1 <-> 1, 1.0 <-> 1.0). NaN/inf, cycles, mixed or sparse
-- keys and non-string object keys are encode errors; nesting depth is bounded.

---@class json.null: userdata
---The JSON `null` sentinel (a userdata whose tostring is "json.null").

---@class json.EncodeOptions
---@field indent? integer Pretty-print with this many spaces per level.
---@field sort? boolean Sort object keys.

---@class jsonlib
---@field null json.null The sentinel for JSON null, in decoded values and for encode.
json = {}

---Decodes JSON text. Decoded arrays and objects carry marks so that `[]` and `{}`
---survive decode -> encode. Errors: `json: line L column C: <reason>`.
---@param text string
---@return any value
function json.decode(text) end

---Encodes a Lua value as JSON text.
---@param value any
---@param opts? json.EncodeOptions
---@return string
function json.encode(value, opts) end

---Marks a table as a JSON array (so an empty table encodes as `[]`).
---With no argument, a new empty table is marked. Errors if the table already has
---another metatable.
---@generic T: table
---@param t? T
---@return T t the same table
function json.array(t) end

---Marks a table as a JSON object (so an empty table encodes as `{}`).
---With no argument, a new empty table is marked. Errors if the table already has
---another metatable.
---@generic T: table
---@param t? T
---@return T t the same table
function json.object(t) end

---True when `t` would encode as a JSON array (its mark, else keys 1..n with n > 0).
---@param t any
---@return boolean
function json.isarray(t) end

return json
