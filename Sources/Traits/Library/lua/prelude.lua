-- The `traits` module's prelude: the trait error objects (`traits.error{...}`) and trait
-- instances (`self`, falling back to the definition table). Returns newError, errorMeta, newInstance.
local checkKeys = ...   -- refuses a key TraitErrorSpec does not declare (Swift's LuaTableShape)
local errorMeta = {__name = "TraitError"}
errorMeta.__tostring = function(e) return tostring(rawget(e, "description")) end
errorMeta.__metatable = "TraitError"
local function newError(t)
  if type(t) == "string" then t = {description = t} end
  if type(t) ~= "table" then
    error("bad argument #1 to 'error' (table or string expected, got " .. type(t) .. ")", 3)
  end
  local ok, message = pcall(checkKeys, t)
  if not ok then error(message, 3) end
  local description = t.description
  if type(description) ~= "string" then
    error("bad argument #1 to 'error' (field 'description' must be a string, got " .. type(description) .. ")", 3)
  end
  local retry = t.retryMilliseconds
  if retry ~= nil and math.type(retry) ~= "integer" then
    if type(retry) == "number" and retry == math.floor(retry) and retry > -2^53 and retry < 2^53 then
      retry = math.tointeger(retry)
    else
      error("bad argument #1 to 'error' (field 'retryMilliseconds' must be an integer, got " .. type(retry) .. ")", 3)
    end
  end
  if retry ~= nil and retry < 0 then retry = 0 end
  local recoverable = t.recoverable
  if recoverable ~= nil and type(recoverable) ~= "boolean" then
    error("bad argument #1 to 'error' (field 'recoverable' must be a boolean, got " .. type(recoverable) .. ")", 3)
  end
  return setmetatable({description = description, retryMilliseconds = retry, recoverable = recoverable == true}, errorMeta)
end
local function newInstance(definition, fields)
  return setmetatable(fields, {__index = definition})
end
return newError, errorMeta, newInstance
