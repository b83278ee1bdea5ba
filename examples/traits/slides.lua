-- @acme/slides: a carousel container of our own. It lays the step views out side
-- by side (`offsetX` = page width x index), shows the current page, and follows
-- page changes through the page monitor. Works with any presenting trait.
local WIDTH = 390

traits.register{
  type = "@acme/slides",
  createContainer = function(self, steps, pageMonitor)
    local container = traits.view{kind = "slides", pages = pageMonitor.numberOfPages}
    for i, step in ipairs(steps) do
      step:set("offsetX", (i - 1) * WIDTH)
      container:add(step)
    end
    local function show(page)
      container:set("currentPage", page)
      container:set("scrollX", (page - 1) * WIDTH)
    end
    show(pageMonitor.currentPage)
    pageMonitor:addObserver(function(newPage) show(newPage) end)
    return container
  end,
}
