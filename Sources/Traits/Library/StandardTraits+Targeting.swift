extension StandardTraits {
    /// The targeting traits: they resolve a rectangle (a selector against the app's headless
    /// views, or a rectangle relative to the screen), publish it as `targetRectangle`, and let
    /// the target be interacted with.
    static let targeting: [(type: String, source: String)] = [
        ("@appcues/target-rectangle", #"""
traits.register{
  type = "@appcues/target-rectangle",
  init = function(self)
    local c = D.decode(self.config, {contentPreferredPosition = {"top", "bottom", "left", "right"},
      contentDistanceFromTarget = "number", x = "number", y = "number", width = "number", height = "number",
      relativeX = "number", relativeY = "number", relativeWidth = "number", relativeHeight = "number"})
    if not c then return false end
    self.c = c
    return true
  end,
  decorateBackdrop = function(self, backdrop)
    local c = self.c
    local function publishRect()
      local w, h = D.bounds(backdrop)
      self.metadata:set{
        contentPreferredPosition = c.contentPreferredPosition,
        contentDistanceFromTarget = c.contentDistanceFromTarget or 0,
        targetRectangle = D.rect(w * (c.relativeX or 0) + (c.x or 0), h * (c.relativeY or 0) + (c.y or 0),
                                 w * (c.relativeWidth or 0) + (c.width or 0), h * (c.relativeHeight or 0) + (c.height or 0)),
      }
    end
    publishRect()
    -- the backdrop's bounds change (the screen resized): recalculate and publish (the SDK's frame observer)
    D.observeLayout(backdrop, "target-rectangle", function() publishRect() self.metadata:publish() end)
  end,
  undecorateBackdrop = function(self, backdrop)
    self.metadata:unset{"contentPreferredPosition", "contentDistanceFromTarget", "targetRectangle"}
    D.observeLayout(backdrop, "target-rectangle", nil)
  end,
}
"""#),
        ("@appcues/target-element", #"""
-- The selector's properties and their weights (UIKit element targeting).
local weights = {appcuesID = 10000, accessibilityIdentifier = 10000, autoTag = 5000, tag = 1000, accessibilityLabel = 100}
local function describe(selector)
  -- as Swift prints a [String: String]: ["key": "value"] (keys sorted here, for stable messages)
  local keys = {}
  for k in pairs(selector) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = string.format("%q: %q", k, selector[k]) end
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
traits.register{
  type = "@appcues/target-element",
  init = function(self)
    local c = D.decode(self.config, {selector = {required = true, kind = isSelector}, retryIntervals = isIntervals,
      contentPreferredPosition = {"top", "bottom", "left", "right"}, contentDistanceFromTarget = "number"})
    if not c then return false end
    self.c = c
    -- by default the lookup is retried at 300, 600, 900, 1200 ms before the step fails
    self.retryIntervals = {}
    for _, n in ipairs(c.retryIntervals or {300, 600, 900, 1200}) do self.retryIntervals[#self.retryIntervals + 1] = n end
    return true
  end,
  nextRetry = function(self) return table.remove(self.retryIntervals, 1) end,
  findTarget = function(self, keepRetries)
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
                         retryMilliseconds = not keepRetries and self:nextRetry() or nil, recoverable = true})
    end
    if #matches == 1 then return matches[1].view end
    local best, bestViews = -1, {}
    for _, m in ipairs(matches) do
      if m.weight > best then best, bestViews = m.weight, {m.view}
      elseif m.weight == best then bestViews[#bestViews + 1] = m.view end
    end
    if #bestViews ~= 1 then
      error(traits.error{description = string.format("multiple non-distinct views (%d) matched selector %s", #matches, describe(selector)),
                         retryMilliseconds = not keepRetries and self:nextRetry() or nil, recoverable = true})
    end
    return bestViews[1]
  end,
  decorateBackdrop = function(self, backdrop)
    local function set(view)
      self.metadata:set{
        contentPreferredPosition = self.c.contentPreferredPosition,
        contentDistanceFromTarget = self.c.contentDistanceFromTarget or 0,
        targetRectangle = D.rect(view.x, view.y, view.width, view.height),
      }
    end
    set(self:findTarget())
    -- the app's views moved: find the target again and publish; a lookup that fails keeps the
    -- last known position (the SDK's frame observer ignores selector errors)
    D.observeLayout(backdrop, "target-element", function()
      local ok, view = pcall(self.findTarget, self, true)
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
"""#),
        ("@appcues/target-interaction", #"""
local function isActions(v)
  if not D.isArray(v) then return false end
  for _, a in ipairs(v) do
    if not D.isObject(a) or type(a.on) ~= "string" or type(a.type) ~= "string" then return false end
  end
  return true
end
traits.register{
  type = "@appcues/target-interaction",
  init = function(self)
    local c = D.decode(self.config, {enablePassThrough = "boolean", actions = isActions}) or {}
    self.enablePassThrough = c.enablePassThrough or false
    self.tapActions, self.longPressActions, self.tapModels, self.longPressModels = {}, {}, {}, {}
    for _, a in ipairs(c.actions or {}) do
      if a.on == "tap" then
        self.tapActions[#self.tapActions + 1] = a.type
        self.tapModels[#self.tapModels + 1] = a
      elseif a.on == "longPress" then
        self.longPressActions[#self.longPressActions + 1] = a.type
        self.longPressModels[#self.longPressModels + 1] = a
      end
    end
    return true
  end,
  decorateBackdrop = function(self, backdrop)
    self.metadata:registerHandler("@appcues/target-interaction", function(meta)
      local existing = D.child(backdrop, "target")
      -- without a target and a backdrop colour there is nothing to interact with
      if meta.targetRectangle == nil or not meta:isSet("backdropBackgroundColor") then
        if existing then existing:remove() end
        return
      end
      local target = existing or traits.view{kind = "target"}
      if not existing then backdrop:add(target) end
      target:set("rect", D.spread(meta.targetRectangle, meta.keyholeSpread))
      target:set("passThrough", self.enablePassThrough)
      target:set("tapActions", json.array(self.tapActions))
      target:set("longPressActions", json.array(self.longPressActions))
      if #self.tapModels > 0 then
        local models = self.tapModels
        target:onTap(function() traits.runActions(models, "Target Tapped", "Target Rectangle") end)
      end
      if #self.longPressModels > 0 then
        local models = self.longPressModels
        target:onLongPress(function() traits.runActions(models, "Target Long Pressed", "Target Rectangle") end)
      end
    end, false)
  end,
  undecorateBackdrop = function(self, backdrop)
    D.removeChild(backdrop, "target")
    self.metadata:removeHandler("@appcues/target-interaction")
  end,
}
"""#),
    ]
}
