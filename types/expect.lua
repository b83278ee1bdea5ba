---@meta expect
-- luacheck: globals expect step

-- LuaLS annotations for `expect`, the assertion helpers of ctlua scenarios (global in `.lua`
-- scenarios and `lua` steps). A failed matcher raises an error at the caller's line naming the
-- path of each difference with the expected and actual value there:
--   expect(templates.displayed()):toEqual({wzrk_id = "c1"})
--   -- expect({...}):toEqual({wzrk_id = "c1"}) failed
--   --   at $.wzrk_id: expected "c1", actual "c2"

---@class Expectation
---@field never Expectation the same matchers, negated: `expect(x).never:toBeNil()`
local Expectation = {}

---Deep equality: tables compare member by member (both ways), other values with `==`.
---@param expected any
---@return Expectation
function Expectation:toEqual(expected) end

---Partial deep equality: the members `expected` names must be equal; others are fine.
---@param expected table
---@return Expectation
function Expectation:toMatchObject(expected) end

---Identity (`rawequal`): the same table, or an equal string, number, boolean.
---@param expected any
---@return Expectation
function Expectation:toBe(expected) end

---The string matches a Lua pattern (`string.find`).
---@param pattern string
---@return Expectation
function Expectation:toMatch(pattern) end

---A string contains the substring (plainly), or a list has an element deeply equal to `item`.
---@param item any
---@return Expectation
function Expectation:toContain(item) end

---`#value == n`.
---@param n integer
---@return Expectation
function Expectation:toHaveLength(n) end

---The value is `nil`.
---@return Expectation
function Expectation:toBeNil() end

---The value is neither `nil` nor `false`.
---@return Expectation
function Expectation:toBeTruthy() end

---Starts an assertion on `actual`.
---@param actual any
---@return Expectation
function expect(actual) end

---Steps of a `.lua` scenario (global there only): `step(name, fn)` registers a step; after the file
---has run (its setup), the steps run in order and the first that fails ends the scenario, named in
---the failure. `step.skip`, `step.todo` and `step.only` mark steps, reported as JSON steps' marks.
---A file may also open with `-- ctlua: skip [reason]`, `-- ctlua: todo [reason]` or `-- ctlua: only`.
---@class ScenarioSteps
---@overload fun(name: string, fn: fun())
step = {}

---A step that does not run (listed as skipped, with the reason).
---@param name string
---@param reason? string
---@param fn? fun()
function step.skip(name, reason, fn) end

---A step still to write (listed as to do).
---@param name string
---@param reason? string
function step.todo(name, reason) end

---When any step is marked `only`, the scenario runs those steps and skips the others.
---@param name string
---@param fn fun()
function step.only(name, fn) end
