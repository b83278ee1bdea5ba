-- Custom validators for the FlowX renderer (examples/flowx/loan_application.json uses them).
-- Each is registered by name: the name must match the validator's name in the process definition.

-- Romanian personal numeric code (CNP): 13 digits, a plausible birth date, and the checksum
-- digit computed with the control key 279146358279.
flowx.validator("cnp", function(value)
  if type(value) ~= "string" or not value:match("^%d%d%d%d%d%d%d%d%d%d%d%d%d$") then return false end
  local digits = {}
  for i = 1, 13 do digits[i] = tonumber(value:sub(i, i)) end
  if digits[1] == 0 then return false end
  local month = digits[4] * 10 + digits[5]
  local day = digits[6] * 10 + digits[7]
  if month < 1 or month > 12 or day < 1 or day > 31 then return false end
  local key = "279146358279"
  local sum = 0
  for i = 1, 12 do sum = sum + digits[i] * tonumber(key:sub(i, i)) end
  local control = sum % 11
  if control == 10 then control = 1 end
  return control == digits[13]
end)

-- IBAN (ISO 13616): letters and digits, 15 to 34 characters, mod 97 of the rearranged number
-- is 1. params[1], when given, is the only country code accepted ("RO").
flowx.validator("iban", function(value, params)
  if type(value) ~= "string" then return false end
  local iban = value:gsub("%s", ""):upper()
  if #iban < 15 or #iban > 34 or not iban:match("^%u%u%d%d%w+$") then return false end
  if params[1] and iban:sub(1, 2) ~= params[1] then return false end
  local rearranged = iban:sub(5) .. iban:sub(1, 4)
  local remainder = 0
  for ch in rearranged:gmatch(".") do
    local n = ch:match("%d") and tonumber(ch) or (ch:byte() - 55)
    remainder = (remainder * (n >= 10 and 100 or 10) + n) % 97
  end
  return remainder == 1
end)

-- An async validator: asks a (simulated) server whether a username is free; the answer comes
-- back 0.5 s later on the engine's virtual clock.
local taken = {admin = true, ana = true, root = true}
flowx.validator("usernameAvailable", function(value, params, done)
  app.after(0.5, function()
    done(type(value) == "string" and not taken[value:lower()])
  end)
end, {async = true})
