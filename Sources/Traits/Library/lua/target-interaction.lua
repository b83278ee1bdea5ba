-- The built-in `@appcues/target-interaction` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
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
    local c, why = D.decode(self.config, {enablePassThrough = "boolean", actions = isActions})
    c = c or {}
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
    return true, why
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
