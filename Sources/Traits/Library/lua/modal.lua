-- The built-in `@appcues/modal` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
local styles = {"full", "dialog", "sheet", "halfSheet"}
traits.register{
  type = "@appcues/modal",
  init = function(self)
    local c, why = D.decode(self.config, {presentationStyle = {required = true, kind = styles}, style = D.style, transition = "string"})
    if not c then return false, why end
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
