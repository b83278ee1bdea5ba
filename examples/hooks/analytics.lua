-- An analytics hook (no screen, not a flow blocker): records the navigation and passes data on
-- to the next hooks and the target screen.
hooks.plugin{
  identifier = "analytics_hook",
  execute = function(self, data, done, index)
    app.log("analytics: screen view " .. tostring(self.dataSource and self.dataSource.id or "?"))
    done(true, nil, {analytics = {source = self.pluginModel.configuration.source, position = index}})
  end,
}

-- A post-load hook: runs after the screen is presented, one virtual second later.
hooks.plugin{
  identifier = "watch_history",
  execute = function(self, data, done)
    app.after(1, function() done(true, nil, {history = "saved"}) end)
  end,
}
