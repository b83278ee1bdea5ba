-- An analytics hook (no screen, not a flow blocker): records the navigation and passes data on
-- to the next hooks and the target screen.
-- As the SDK asks ("Always pass `dataDict` ... for further hooks to use it"): the next hook and
-- the target get exactly what a hook passes to `done`, so pass on what came in, plus your keys.
local function passOn(data, extra)
  local out = {}
  for k, v in pairs(data or {}) do out[k] = v end
  for k, v in pairs(extra) do out[k] = v end
  return out
end

hooks.plugin{
  identifier = "analytics_hook",
  execute = function(self, data, done, index)
    app.log("analytics: screen view " .. tostring(self.dataSource and self.dataSource.id or "?"))
    done(true, nil, passOn(data, {analytics = {source = self.pluginModel.configuration.source, position = index}}))
  end,
}

-- A post-load hook: runs after the screen is presented, one virtual second later.
hooks.plugin{
  identifier = "watch_history",
  execute = function(self, data, done)
    app.after(1, function() done(true, nil, passOn(data, {history = "saved"})) end)
  end,
}

-- The analytics provider as an app-loading hook (its manifest in plugin_configurations.json says
-- "api": {"require_startup_execution": true}): the SDK runs the analytics plugins' stages first
-- (then push_provider, general, error_monitoring), so it starts before the consent banner shows.
hooks.appLoadingPlugin{
  identifier = "analytics_provider",
  type = "analytics",
  executeOnLaunch = function(self, done)
    app.log("analytics: provider started")
    done()
  end,
}
