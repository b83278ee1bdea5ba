-- The built-in `@appcues/step-transition-animation` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
traits.register{
  type = "@appcues/step-transition-animation",
  init = function(self)
    local c, why = D.decode(self.config, {duration = "integer", easing = {"linear", "easeIn", "easeOut", "easeInOut"}})
    c = c or {}
    self.duration = (c.duration or 300) / 1000
    self.easing = c.easing or "linear"
    return true, why
  end,
  decorateContainer = function(self, container)
    self.metadata:set{animationDuration = self.duration, animationEasing = self.easing}
  end,
  undecorateContainer = function(self, container)
    self.metadata:unset{"animationDuration", "animationEasing"}
  end,
}
