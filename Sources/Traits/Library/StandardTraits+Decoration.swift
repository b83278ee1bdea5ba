extension StandardTraits {
    /// The decorating traits: backdrop, keyhole, background content, paging dots, skippable,
    /// effects, step transition animation.
    static let decoration: [(type: String, source: String)] = [
        ("@appcues/step-transition-animation", #"""
traits.register{
  type = "@appcues/step-transition-animation",
  init = function(self)
    local c = D.decode(self.config, {duration = "integer", easing = {"linear", "easeIn", "easeOut", "easeInOut"}}) or {}
    self.duration = (c.duration or 300) / 1000
    self.easing = c.easing or "linear"
    return true
  end,
  decorateContainer = function(self, container)
    self.metadata:set{animationDuration = self.duration, animationEasing = self.easing}
  end,
  undecorateContainer = function(self, container)
    self.metadata:unset{"animationDuration", "animationEasing"}
  end,
}
"""#),
        ("@appcues/skippable", #"""
traits.register{
  type = "@appcues/skippable",
  init = function(self)
    local c = D.decode(self.config, {buttonAppearance = {"hidden", "minimal", "default"}, ignoreBackdropTap = "boolean",
                                     buttonStyle = D.style}) or {}
    self.buttonAppearance = c.buttonAppearance or "default"
    self.ignoreBackdropTap = c.ignoreBackdropTap or false
    self.buttonStyle = c.buttonStyle
    return true
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
"""#),
        ("@appcues/backdrop", #"""
traits.register{
  type = "@appcues/backdrop",
  init = function(self)
    local c = D.decode(self.config, {backgroundColor = {required = true, kind = D.color}})
    if not c then return false end
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
"""#),
        ("@appcues/backdrop-keyhole", #"""
traits.register{
  type = "@appcues/backdrop-keyhole",
  init = function(self)
    local c = D.decode(self.config, {shape = "string", cornerRadius = "number", blurRadius = "number", spreadRadius = "number"}) or {}
    if c.shape == "circle" then
      self.shape = json.object{shape = "circle", blurRadius = c.blurRadius or 0}
    else
      self.shape = json.object{shape = "rectangle", cornerRadius = math.max(c.cornerRadius or 0, 0)}
    end
    self.spread = c.spreadRadius
    return true
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
"""#),
        ("@appcues/background-content", #"""
traits.register{
  type = "@appcues/background-content",
  init = function(self)
    local c = D.decode(self.config, {content = "!object"})
    if not c then return false end
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
"""#),
        ("@appcues/paging-dots", #"""
traits.register{
  type = "@appcues/paging-dots",
  init = function(self)
    local c = D.decode(self.config, {style = D.style}) or {}
    self.style = c.style or {}
    return true
  end,
  decorateContainer = function(self, container)
    local pages = container:get("pages")
    if type(pages) ~= "number" then
      pages = 0
      for _, c in ipairs(container:children()) do if c.kind == "step" then pages = pages + 1 end end
    end
    if pages <= 1 then return end
    local v, h = self.style.verticalAlignment, self.style.horizontalAlignment
    container:add(traits.view{kind = "paging-dots", pages = pages, currentPage = container:get("currentPage") or 1,
      verticalAlignment = (v == "top" or v == "center") and v or "bottom",
      horizontalAlignment = (h == "leading" or h == "trailing") and h or "center",
      currentPageColor = self.style.foregroundColor and self.style.foregroundColor.light or "secondaryLabel",
      pageColor = self.style.backgroundColor and self.style.backgroundColor.light or "tertiaryLabel"})
  end,
  undecorateContainer = function(self, container) D.removeChild(container, "paging-dots") end,
}
"""#),
        ("@appcues/effects", #"""
traits.register{
  type = "@appcues/effects",
  init = function(self)
    local c = D.decode(self.config, {presentationStyle = {required = true, kind = {"confetti"}}, duration = "integer",
                                     intensity = "number", style = "object"})
    if not c then return false end
    local colors = c.style and c.style.colors
    if colors ~= nil and colors ~= json.null then
      if not D.isArray(colors) then return false end
      for _, color in ipairs(colors) do if type(color) ~= "string" then return false end end
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
"""#),
    ]
}
