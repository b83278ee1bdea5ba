-- The built-in `@appcues/target-element` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
-- The selector's properties and their weights (UIKit element targeting).
local weights = {appcuesID = 10000, accessibilityIdentifier = 10000, autoTag = 5000, tag = 1000, accessibilityLabel = 100}
local function describe(selector)
  -- as Swift prints a [String: String]: ["key": "value"] (keys sorted here, for stable messages)
  local keys = {}
  for k in pairs(selector) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = string.format("%q: %q", k, selector[k]) end
  if #parts == 0 then return "[:]" end   -- Swift's empty dictionary
  return "[" .. table.concat(parts, ", ") .. "]"
end
local function isSelector(v)
  if not D.isObject(v) then return false end
  for k, s in pairs(v) do if type(k) ~= "string" or type(s) ~= "string" then return false end end
  return true
end
local function isIntervals(v)
  if not D.isArray(v) then return false end
  for _, n in ipairs(v) do if math.type(n) ~= "integer" then return false end end
  return true
end
-- The next retry delay, nil once the retries are spent.
local function nextRetry(self) return table.remove(self.retryIntervals, 1) end
-- The app's view the selector names (a trait error, recoverable, when none or several match).
local function findTarget(self, keepRetries)
  local selector = self.c.selector
  local valid = false
  for k, s in pairs(selector) do if weights[k] and s ~= "" then valid = true end end
  if not valid then error(traits.error{description = "Invalid selector " .. describe(selector)}) end
  local matches = {}
  for _, view in ipairs(D.targetableViews()) do
    local weight = 0
    for k, w in pairs(weights) do
      if selector[k] ~= nil and selector[k] ~= "" and view[k] == selector[k] then weight = weight + w end
    end
    if weight > 0 then matches[#matches + 1] = {view = view, weight = weight} end
  end
  if #matches == 0 then
    error(traits.error{description = "No view matching selector " .. describe(selector),
                       retryMilliseconds = not keepRetries and nextRetry(self) or nil, recoverable = true})
  end
  if #matches == 1 then return matches[1].view end
  local best, bestViews = -1, {}
  for _, m in ipairs(matches) do
    if m.weight > best then best, bestViews = m.weight, {m.view}
    elseif m.weight == best then bestViews[#bestViews + 1] = m.view end
  end
  if #bestViews ~= 1 then
    error(traits.error{description = string.format("multiple non-distinct views (%d) matched selector %s", #matches, describe(selector)),
                       retryMilliseconds = not keepRetries and nextRetry(self) or nil, recoverable = true})
  end
  return bestViews[1]
end
traits.register{
  type = "@appcues/target-element",
  init = function(self)
    local c, why = D.decode(self.config, {selector = {required = true, kind = isSelector}, retryIntervals = isIntervals,
      contentPreferredPosition = {"top", "bottom", "left", "right"}, contentDistanceFromTarget = "number"})
    if not c then return false, why end
    self.c = c
    -- by default the lookup is retried at 300, 600, 900, 1200 ms before the step fails
    self.retryIntervals = {}
    for _, n in ipairs(c.retryIntervals or {300, 600, 900, 1200}) do self.retryIntervals[#self.retryIntervals + 1] = n end
    return true
  end,
  decorateBackdrop = function(self, backdrop)
    local function set(view)
      self.metadata:set{
        contentPreferredPosition = self.c.contentPreferredPosition,
        contentDistanceFromTarget = self.c.contentDistanceFromTarget or 0,
        targetRectangle = D.rect(view.x, view.y, view.width, view.height),
      }
    end
    set(findTarget(self))
    -- the app's views moved: find the target again and publish; a lookup that fails keeps the
    -- last known position (the SDK's frame observer ignores selector errors)
    D.observeLayout(backdrop, "target-element", function()
      local ok, view = pcall(findTarget, self, true)
      if ok then
        set(view)
        self.metadata:publish()
      end
    end)
  end,
  undecorateBackdrop = function(self, backdrop)
    self.metadata:unset{"contentPreferredPosition", "contentDistanceFromTarget", "targetRectangle"}
    D.observeLayout(backdrop, "target-element", nil)
  end,
}
