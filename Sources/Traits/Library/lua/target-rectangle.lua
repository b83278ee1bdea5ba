-- The built-in `@appcues/target-rectangle` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
traits.register{
  type = "@appcues/target-rectangle",
  init = function(self)
    local c, why = D.decode(self.config, {contentPreferredPosition = {"top", "bottom", "left", "right"},
      contentDistanceFromTarget = "number", x = "number", y = "number", width = "number", height = "number",
      relativeX = "number", relativeY = "number", relativeWidth = "number", relativeHeight = "number"})
    if not c then return false, why end
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
