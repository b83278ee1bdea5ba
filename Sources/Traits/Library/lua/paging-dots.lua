-- The built-in `@appcues/paging-dots` trait (ctlua's port of the Appcues iOS SDK's).
local D = ...
traits.register{
  type = "@appcues/paging-dots",
  init = function(self)
    local c, why = D.decode(self.config, {style = D.style})
    c = c or {}
    self.style = c.style or {}
    return true, why
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
