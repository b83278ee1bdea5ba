-- @acme/needs-feed: an essential trait. The step must not show before the app's
-- `feed` view exists: it throws a trait error asking for a retry in 250 ms
-- (the whole step presentation runs again on the virtual clock). After
-- `maxTries` attempts it gives up with a recoverable error: the experience then
-- waits for `traits.retry()`.
traits.register{
  type = "@acme/needs-feed",
  init = function(self)
    self.tries = 0
    self.maxTries = (type(self.config) == "table" and self.config.maxTries) or 8
    return true
  end,
  decorateContainer = function(self, container)
    if ui.find("feed") then
      container:set("anchoredTo", "feed")
      return
    end
    self.tries = self.tries + 1
    if self.tries < self.maxTries then
      error(traits.error{description = "feed not loaded yet", retryMilliseconds = 250})
    end
    error(traits.error{description = "feed never loaded", recoverable = true})
  end,
}
