-- The built-in `@appcues/embedded` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
traits.register{
  type = "@appcues/embedded",
  init = function(self)
    local c, why = D.decode(self.config, {frameID = "!string", style = D.style, transition = {"none", "fade"}})
    if not c then return false, why end
    self.frameID, self.style, self.transition = c.frameID, c.style, c.transition or "none"
    return true
  end,
  decorateStep = function(self, step) step:set("padding", D.padding(self.style)) end,
  decorateContainer = function(self, container) D.look(container, self.style) end,
  undecorateContainer = function(self, container)
    for _, k in ipairs{"backgroundColor", "cornerRadius", "borderColor", "borderWidth"} do container:set(k, nil) end
  end,
  present = function(self, wrapper, done)
    local frame
    for _, v in ipairs(traits.appViews()) do
      if v.frameID == self.frameID or v.id == self.frameID then frame = v end
    end
    if not frame then error(traits.error{description = "No AppcuesFrameView registered for ID " .. self.frameID}) end
    wrapper:set("embeddedIn", frame.id)
    wrapper:set("transition", self.transition)
    done()
  end,
  remove = function(self, wrapper, done)
    wrapper:set("embeddedIn", nil)
    done()
  end,
}
