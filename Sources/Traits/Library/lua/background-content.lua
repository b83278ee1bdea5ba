-- The built-in `@appcues/background-content` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
traits.register{
  type = "@appcues/background-content",
  init = function(self)
    local c, why = D.decode(self.config, {content = "!object"})
    if not c then return false, why end
    self.content = c.content
    return true
  end,
  decorateStep = function(self, step)
    if self.level ~= "step" then return end
    step:insert(traits.view{kind = "background-content", content = self.content}, 1)
  end,
  decorateContainer = function(self, container)
    if self.level ~= "group" and self.level ~= "experience" then return end
    container:insert(traits.view{kind = "background-content", content = self.content}, 1)
  end,
  undecorateContainer = function(self, container)
    D.removeChild(container, "background-content")
  end,
}
