-- @acme/theme-follower: a trait that reads another trait's metadata. It draws a
-- border on the container in the backdrop's colour (set by @appcues/backdrop under
-- `backdropBackgroundColor`), and counts the pages it saw through `meta:previous`.
traits.register{
  type = "@acme/theme-follower",
  decorateContainer = function(self, container)
    self.metadata:registerHandler("@acme/theme-follower", function(meta)
      container:set("borderColor", meta.backdropBackgroundColor or "none")
      container:set("animated", meta:isSet("animationDuration"))
      local previous = meta:previous("themePage")
      container:set("previousPage", previous or 0)
    end)
    self.metadata:set{themePage = container:get("currentPage")}
  end,
}
