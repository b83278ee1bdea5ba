import Engine
import LuaRuntime

/// `expect(x):toEqual(y)` and friends for Lua scenarios and `lua` steps: assertion helpers whose
/// failure names the path of each difference with the expected and actual value there (as Jest's
/// matchers do), where a bare `assert` prints only its message. Written in Lua, installed as the
/// global `expect` in every scenario's engine; errors are raised at the caller's line (level 2).
enum ExpectHelpers {
    /// Defines the global `expect` in the engine's Lua state, unless it is there (a relaunch makes
    /// a new state: the executor calls this again before each step).
    static func install(on engine: Engine) throws {
        guard case .nil = engine.lua.globals["expect"] else { return }
        let made = try engine.lua.run(source, name: "=expect")
        if let function = made.first { engine.lua.globals["expect"] = function }
    }

    static let source = #"""
local function isArray(t)
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  for i = 1, n do if t[i] == nil then return false end end
  return true
end

local function sortedKeys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  return keys
end

local function show(v, depth)
  depth = depth or 0
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if depth > 3 then return "{...}" end
  local parts = {}
  if isArray(v) then
    for i = 1, #v do parts[#parts + 1] = show(v[i], depth + 1) end
  else
    for _, k in ipairs(sortedKeys(v)) do
      local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. show(k) .. "]"
      parts[#parts + 1] = key .. " = " .. show(v[k], depth + 1)
    end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function child(path, k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return path .. "." .. k end
  return path .. "[" .. show(k) .. "]"
end

-- The differences between expected and actual: {path, expected, actual} per leaf.
-- partial: members of actual that expected does not name are fine (toMatchObject).
local function differences(expected, actual, path, out, partial)
  if type(expected) == "table" and type(actual) == "table" then
    for _, k in ipairs(sortedKeys(expected)) do
      differences(expected[k], actual[k], child(path, k), out, partial)
    end
    if not partial then
      for _, k in ipairs(sortedKeys(actual)) do
        if expected[k] == nil then out[#out + 1] = {child(path, k), "nil", show(actual[k])} end
      end
    end
  elseif expected ~= actual then
    out[#out + 1] = {path, show(expected), actual == nil and "nil" or show(actual)}
  end
  return out
end

local function contains(list, item)
  for _, v in ipairs(list) do
    if #differences(item, v, "", {}) == 0 then return true end
  end
  return false
end

local Expectation = {}
Expectation.__index = Expectation

local function fail(self, matcher, expected, detail)
  local head = "expect(" .. show(self.actual) .. ")" .. (self.negated and ".never" or "") .. ":" .. matcher
    .. "(" .. (expected == nil and "" or show(expected)) .. ") failed"
  error(head .. (detail and ("\n" .. detail) or ""), 3)
end

local function check(self, ok, matcher, expected, detail)
  if self.negated then ok = not ok; detail = nil end
  if not ok then fail(self, matcher, expected, detail) end
  return self
end

local function compare(self, matcher, expected, partial)
  local found = differences(expected, self.actual, "$", {}, partial)
  local lines = {}
  for i, d in ipairs(found) do
    if i > 10 then lines[#lines + 1] = "  ... and " .. (#found - 10) .. " more"; break end
    lines[#lines + 1] = "  at " .. d[1] .. ": expected " .. d[2] .. ", actual " .. d[3]
  end
  return check(self, #found == 0, matcher, expected, table.concat(lines, "\n"))
end

function Expectation:toEqual(expected) return compare(self, "toEqual", expected, false) end

function Expectation:toMatchObject(expected) return compare(self, "toMatchObject", expected, true) end

function Expectation:toBe(expected)
  return check(self, rawequal(self.actual, expected), "toBe", expected,
    "  expected " .. show(expected) .. ", actual " .. show(self.actual))
end

function Expectation:toMatch(pattern)
  if type(self.actual) ~= "string" then fail(self, "toMatch", pattern, "  the value is a " .. type(self.actual) .. ", not a string") end
  return check(self, string.find(self.actual, pattern) ~= nil, "toMatch", pattern,
    "  no match of the Lua pattern " .. show(pattern) .. " in " .. show(self.actual))
end

function Expectation:toContain(item)
  local ok
  if type(self.actual) == "string" and type(item) == "string" then
    ok = string.find(self.actual, item, 1, true) ~= nil
  elseif type(self.actual) == "table" then
    ok = contains(self.actual, item)
  else
    fail(self, "toContain", item, "  the value is a " .. type(self.actual) .. ", not a string or a list")
  end
  return check(self, ok, "toContain", item, "  no element equals " .. show(item) .. " in " .. show(self.actual))
end

function Expectation:toHaveLength(n)
  return check(self, #self.actual == n, "toHaveLength", n, "  length " .. #self.actual)
end

function Expectation:toBeNil()
  return check(self, self.actual == nil, "toBeNil", nil, "  actual " .. show(self.actual))
end

function Expectation:toBeTruthy()
  return check(self, not not self.actual, "toBeTruthy", nil, "  actual " .. show(self.actual))
end

return function(actual)
  local e = setmetatable({actual = actual}, Expectation)
  e.never = setmetatable({actual = actual, negated = true}, Expectation)
  return e
end
"""#
}
