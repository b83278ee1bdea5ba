-- The built-in `@appcues/carousel` trait (ctlua's port of the Appcues iOS SDK's).
traits.register{
  type = "@appcues/carousel",
  createContainer = function(self, steps, pageMonitor)
    local container = traits.view{kind = "carousel", pages = pageMonitor.numberOfPages, currentPage = pageMonitor.currentPage}
    for _, step in ipairs(steps) do container:add(step) end
    pageMonitor:addObserver(function(new) container:set("currentPage", new) end)
    return container
  end,
}
