-- The built-in `@appcues/backdrop` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
traits.register{
  type = "@appcues/backdrop",
  init = function(self)
    local c, why = D.decode(self.config, {backgroundColor = {required = true, kind = D.color}})
    if not c then return false, why end
    self.backgroundColor = c.backgroundColor.light
    return true
  end,
  decorateBackdrop = function(self, backdrop)
    self.metadata:set{backdropBackgroundColor = self.backgroundColor}
    self.metadata:registerHandler("@appcues/backdrop", function(meta)
      local view = D.child(backdrop, "backdrop-background")
      if not view then
        view = traits.view{kind = "backdrop-background"}
        backdrop:insert(view, 1)
      end
      view:set("backgroundColor", meta.backdropBackgroundColor)
    end, true)
  end,
  undecorateBackdrop = function(self, backdrop)
    self.metadata:unset{"backdropBackgroundColor"}
  end,
}
