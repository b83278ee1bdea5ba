-- The built-in `@appcues/tooltip` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
-- The SDK's TooltipWrapperView geometry (traits.tooltipLayout): the side by fit, the frame
-- inside the safe area's margins, the pointer; without a target a sheet at the bottom.
local function place(self, wrapper, container, meta)
  local w, h, safe = D.screen()
  local style = self.style or {}
  local layout = traits.tooltipLayout{bounds = D.rect(0, 0, w, h), safeArea = safe, targetRectangle = meta.targetRectangle,
    preferredPosition = meta.contentPreferredPosition, distanceFromTarget = meta.contentDistanceFromTarget,
    pointerSize = (not self.hidePointer) and self.pointerSize or nil, pointerCornerRadius = self.pointerCornerRadius,
    preferredWidth = style.width, contentSize = container:get("preferredContentSize"),
    borderWidth = (style.borderColor and style.borderWidth) or 0, cornerRadius = style.cornerRadius}
  wrapper:set("targetRectangle", meta.targetRectangle)
  wrapper:set("frame", layout.frame)
  wrapper:set("position", layout.position)
  wrapper:set("pointer", layout.pointer)
  -- the content is kept clear of the pointer (the SDK's pointerInsetHandler)
  container:set("additionalSafeAreaInsets", layout.pointerInset)
end
traits.register{
  type = "@appcues/tooltip",
  init = function(self)
    local c, why = D.decode(self.config, {hidePointer = "boolean", pointerBase = "number", pointerLength = "number",
                                          pointerCornerRadius = "number", style = D.style})
    c = c or {}
    self.hidePointer = c.hidePointer or false
    self.pointerSize = json.object{width = c.pointerBase or 16, height = c.pointerLength or 8}
    self.pointerCornerRadius = c.pointerCornerRadius or 0
    self.style = c.style
    return true, why
  end,
  decorateStep = function(self, step) step:set("padding", D.padding(self.style)) end,
  createWrapper = function(self, container)
    local wrapper = traits.view{kind = "tooltip", pointerCornerRadius = self.pointerCornerRadius,
                                traits.view{kind = "backdrop"}, traits.view{kind = "body", container}}
    if not self.hidePointer then wrapper:set("pointerSize", self.pointerSize) end
    if self.style and self.style.width then wrapper:set("preferredWidth", self.style.width) end
    D.look(wrapper:find("body"), self.style)
    -- not animating until there is a target, then animating (the first step does not slide in)
    local function handler(initial)
      self.metadata:registerHandler("@appcues/tooltip", function(meta)
        place(self, wrapper, container, meta)
        if initial and meta.targetRectangle ~= nil then handler(false) end
      end, not initial)
    end
    handler(true)
    return wrapper
  end,
  getBackdrop = function(self, wrapper) return D.child(wrapper, "backdrop") end,
  present = function(self, wrapper, done)
    wrapper:set("presented", true)
    done()
  end,
  remove = function(self, wrapper, done)
    wrapper:set("presented", false)
    done()
  end,
}
