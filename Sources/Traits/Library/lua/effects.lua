-- The built-in `@appcues/effects` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
traits.register{
  type = "@appcues/effects",
  init = function(self)
    local c, why = D.decode(self.config, {presentationStyle = {required = true, kind = {"confetti"}}, duration = "integer",
                                          intensity = "number", style = "object"})
    if not c then return false, why end
    local colors = c.style and c.style.colors
    if colors ~= nil and colors ~= json.null then
      if not D.isArray(colors) then return false, "config.style.colors: expected an array" end
      for i, color in ipairs(colors) do
        if type(color) ~= "string" then return false, "config.style.colors[" .. (i - 1) .. "]: expected a string" end
      end
    else
      colors = nil
    end
    self.effect = json.object{kind = c.presentationStyle, duration = c.duration or 2000, intensity = c.intensity or 1,
                              colors = colors}
    return true
  end,
  decorateBackdrop = function(self, backdrop)
    backdrop:add(traits.view{kind = self.effect.kind, duration = self.effect.duration, intensity = self.effect.intensity,
                             colors = self.effect.colors, userInteraction = false})
  end,
  undecorateBackdrop = function(self, backdrop) D.removeChild(backdrop, self.effect.kind) end,
}
