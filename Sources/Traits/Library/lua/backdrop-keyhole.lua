-- The built-in `@appcues/backdrop-keyhole` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
traits.register{
  type = "@appcues/backdrop-keyhole",
  init = function(self)
    local c, why = D.decode(self.config, {shape = "string", cornerRadius = "number", blurRadius = "number", spreadRadius = "number"})
    c = c or {}
    if c.shape == "circle" then
      self.shape = json.object{shape = "circle", blurRadius = c.blurRadius or 0}
    else
      self.shape = json.object{shape = "rectangle", cornerRadius = math.max(c.cornerRadius or 0, 0)}
    end
    self.spread = c.spreadRadius
    return true, why
  end,
  decorateBackdrop = function(self, backdrop)
    self.metadata:set{keyholeShape = self.shape, keyholeSpread = self.spread}
    self.metadata:registerHandler("@appcues/backdrop-keyhole", function(meta)
      local target = meta.targetRectangle
      if target == nil then backdrop:set("keyhole", nil) return end
      local shape = meta.keyholeShape or meta:previous("keyholeShape") or json.object{shape = "circle", blurRadius = 0}
      local rect = D.spread(target, meta.keyholeSpread)
      if shape.shape == "circle" then
        -- a circle that encloses the target rectangle
        local r = math.sqrt(rect.width ^ 2 + rect.height ^ 2) / 2
        local cx, cy = rect.x + rect.width / 2, rect.y + rect.height / 2
        rect = D.rect(cx - r, cy - r, 2 * r, 2 * r)
      end
      backdrop:set("keyhole", json.object{shape = shape.shape, cornerRadius = shape.cornerRadius,
                                          blurRadius = shape.blurRadius, rect = rect})
    end, false)
  end,
  undecorateBackdrop = function(self, backdrop)
    self.metadata:unset{"keyholeShape", "keyholeSpread"}
  end,
}
