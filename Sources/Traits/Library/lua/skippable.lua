-- The built-in `@appcues/skippable` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
traits.register{
  type = "@appcues/skippable",
  init = function(self)
    local c, why = D.decode(self.config, {buttonAppearance = {"hidden", "minimal", "default"}, ignoreBackdropTap = "boolean",
                                          buttonStyle = D.style})
    c = c or {}
    self.buttonAppearance = c.buttonAppearance or "default"
    self.ignoreBackdropTap = c.ignoreBackdropTap or false
    self.buttonStyle = c.buttonStyle
    return true, why
  end,
  decorateContainer = function(self, container)
    if self.buttonAppearance ~= "hidden" then
      local button = traits.view{kind = "close-button", id = "skip", appearance = self.buttonAppearance}
      D.look(button, self.buttonStyle)
      button:onTap(function() traits.dismiss() end)
      container:add(button)
    end
    container:set("modalInPresentation", self.ignoreBackdropTap)
  end,
  undecorateContainer = function(self, container)
    local button = container:find("skip")
    if button then button:remove() end
    container:set("modalInPresentation", true)
  end,
  decorateBackdrop = function(self, backdrop)
    if not self.ignoreBackdropTap then
      backdrop:set("dismissOnTap", true)
      backdrop:onTap(function() traits.dismiss() end)
    end
  end,
  undecorateBackdrop = function(self, backdrop)
    backdrop:set("dismissOnTap", nil)
    backdrop:onTap(nil)
  end,
}
