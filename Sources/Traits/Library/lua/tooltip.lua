-- The built-in `@appcues/tooltip` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
local function place(wrapper, meta)
  local target = meta.targetRectangle
  wrapper:set("targetRectangle", target)
  if target == nil then
    -- no target: the tooltip sits at the bottom of the screen
    wrapper:set("position", "bottom")
    wrapper:set("pointer", nil)
    return
  end
  local _, screenHeight = D.screen()
  local position = meta.contentPreferredPosition
  if position ~= "top" and position ~= "bottom" and position ~= "left" and position ~= "right" then
    local above, below = target.y, screenHeight - (target.y + target.height)
    position = below >= above and "bottom" or "top"
  end
  local distance = meta.contentDistanceFromTarget or 0
  local tip
  if position == "bottom" then tip = {x = target.x + target.width / 2, y = target.y + target.height + distance}
  elseif position == "top" then tip = {x = target.x + target.width / 2, y = target.y - distance}
  elseif position == "left" then tip = {x = target.x - distance, y = target.y + target.height / 2}
  else tip = {x = target.x + target.width + distance, y = target.y + target.height / 2} end
  wrapper:set("position", position)
  wrapper:set("pointer", json.object(tip))
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
        place(wrapper, meta)
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
