extension StandardTraits {
    /// The presenting traits: modal, tooltip, embedded; and the carousel container.
    static let presentation: [(type: String, source: String)] = [
        ("@appcues/modal", #"""
local styles = {"full", "dialog", "sheet", "halfSheet"}
traits.register{
  type = "@appcues/modal",
  init = function(self)
    local c = D.decode(self.config, {presentationStyle = {required = true, kind = styles}, style = D.style, transition = "string"})
    if not c then return false end
    self.presentationStyle, self.style = c.presentationStyle, c.style
    -- "slide" slides from the edge the modal is aligned to; anything else fades
    self.transition = "fade"
    if c.transition == "slide" then
      local h = (c.style or {}).horizontalAlignment or "center"
      local v = (c.style or {}).verticalAlignment or "center"
      local edge = "center"
      if h == "leading" then edge = "leading" elseif h == "trailing" then edge = "trailing"
      elseif v == "top" then edge = "top" elseif v == "bottom" then edge = "bottom" end
      self.transition = "slide:" .. edge
    end
    return true
  end,
  decorateStep = function(self, step) step:set("padding", D.padding(self.style)) end,
  createWrapper = function(self, container)
    local modal = ({full = "overFullScreen", dialog = "overFullScreen", sheet = "formSheet", halfSheet = "formSheet"})[self.presentationStyle]
    container:set("modalPresentationStyle", modal)
    if self.presentationStyle == "dialog" then
      local wrapper = traits.view{kind = "wrapper", presentationStyle = "dialog", transition = self.transition,
                                  traits.view{kind = "backdrop"}, traits.view{kind = "body", container}}
      D.look(wrapper:find("body"), self.style)
      return wrapper
    end
    container:set("presentationStyle", self.presentationStyle)
    if self.style and self.style.backgroundColor then container:set("backgroundColor", self.style.backgroundColor.light) end
    if self.presentationStyle == "sheet" or self.presentationStyle == "halfSheet" then
      container:set("cornerRadius", (self.style or {}).cornerRadius or 0)
    end
    if self.presentationStyle == "halfSheet" then container:set("detents", json.array{"medium"}) end
    return container
  end,
  getBackdrop = function(self, wrapper)
    if wrapper.kind ~= "wrapper" then return nil end
    return D.child(wrapper, "backdrop")
  end,
  present = function(self, wrapper, done)
    local sameWindow = self.presentationStyle == "sheet" or self.presentationStyle == "halfSheet"
    wrapper:set("presented", true)
    wrapper:set("window", sameWindow and "app" or "overlay")
    done()
  end,
  remove = function(self, wrapper, done)
    wrapper:set("presented", false)
    done()
  end,
}
"""#),
        ("@appcues/tooltip", #"""
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
    local c = D.decode(self.config, {hidePointer = "boolean", pointerBase = "number", pointerLength = "number",
                                     pointerCornerRadius = "number", style = D.style}) or {}
    self.hidePointer = c.hidePointer or false
    self.pointerSize = json.object{width = c.pointerBase or 16, height = c.pointerLength or 8}
    self.pointerCornerRadius = c.pointerCornerRadius or 0
    self.style = c.style
    return true
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
"""#),
        ("@appcues/embedded", #"""
traits.register{
  type = "@appcues/embedded",
  init = function(self)
    local c = D.decode(self.config, {frameID = "!string", style = D.style, transition = {"none", "fade"}})
    if not c then return false end
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
"""#),
        ("@appcues/carousel", #"""
traits.register{
  type = "@appcues/carousel",
  createContainer = function(self, steps, pageMonitor)
    local container = traits.view{kind = "carousel", pages = pageMonitor.numberOfPages, currentPage = pageMonitor.currentPage}
    for _, step in ipairs(steps) do container:add(step) end
    pageMonitor:addObserver(function(new) container:set("currentPage", new) end)
    return container
  end,
}
"""#),
    ]
}
