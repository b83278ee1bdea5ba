---@meta json
--- The ctlua `json` module (C, over jansson). Errors start with `json: `.
---
--- Decode errors: `json: line L column C: <reason>` (columns count code points).
--- Encode errors name the JSON path of the offending value, with 0-based array
--- indices: `json: cannot encode NaN at $.a[3]`, `... at $["odd key"]`.
---
--- Mapping rules
--- * Integers stay integers and floats stay floats: `1` <-> `1`, `1.0` <-> `1.0`.
---   Floats print with the shortest digits that read back exactly, always with a
---   `.` or an exponent (`2^53` -> `9007199254740992.0`, `1e100` -> `1e100`).
--- * JSON null <-> `json.null`. A Lua `nil` argument encodes as `null`.
--- * Decoded arrays and objects carry a mark (metatable) so `[]` and `{}` survive
---   decode -> encode. `json.array(t)` / `json.object(t)` mark your own tables.
--- * An unmarked table: empty -> `{}`; keys exactly 1..n -> array; all string
---   keys -> object; anything else is an error (mixed keys, sparse array, a key
---   of another type). Tables with a foreign metatable are read raw (no
---   metamethods) and follow the unmarked rules.
--- * Cycles, NaN, inf, functions, userdata, threads, invalid UTF-8 in strings
---   or keys, and nesting deeper than `maxDepth` (default 512) are errors.
--- * Object key order: Lua tables have none, so pass `sort = true` for
---   reproducible output.
local json = {}

--- The sentinel for JSON null (`tostring(json.null) == "json.null"`).
---@type userdata
json.null = nil

---@class json.DecodeOptions
---@field rejectDuplicates? boolean  reject an object that repeats a key (default: the last value wins)
---@field maxDepth? integer          nesting bound (default 512, at most 2000)

---@class json.EncodeOptions
---@field indent? integer  spaces per level (default 0: compact, no spaces)
---@field sort? boolean    sort object keys bytewise
---@field maxDepth? integer nesting bound (default 512, at most 2000)

--- Parses JSON text (any value at top level; `\u0000` allowed in strings).
---@param text string
---@param opts? json.DecodeOptions
---@return any
function json.decode(text, opts) end

--- Prints a Lua value as JSON text.
---@param value any
---@param opts? json.EncodeOptions
---@return string
function json.encode(value, opts) end

--- Marks `t` (a new table when omitted) as a JSON array and returns it.
--- Errors if `t` already has a metatable other than a json mark.
---@generic T: table
---@param t? T
---@return T
function json.array(t) end

--- Marks `t` (a new table when omitted) as a JSON object and returns it.
---@generic T: table
---@param t? T
---@return T
function json.object(t) end

--- True when `t` would encode as a JSON array (marked array, or unmarked with keys 1..n).
---@param t any
---@return boolean
function json.isarray(t) end

return json
