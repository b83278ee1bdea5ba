-- A .lua scenario: hooks registered inline, the river and plugins given as tables, the flow
-- driven with hooks.navigate / app.tap / app.advance and checked with hooks.state().
hooks.loadPlugins{
  {plugin = {identifier = "consent", type = "general", screen = true, preload = true,
             general = {fields = {{key = "is_flow_blocker", initial_value = true}}}}},
  {plugin = {identifier = "tagger", type = "general", preload = true}},
}
hooks.loadScreens{
  {id = "feed", hooks = {preload_plugins = {
    {identifier = "tagger", type = "general"},
    {identifier = "consent", type = "general", screen_id = "consent-screen"},
  }}},
  {id = "consent-screen", name = "Your privacy"},
}

hooks.plugin{identifier = "tagger", execute = function(self, data, done)
  app.after(0.5, function() done(true, nil, {tags = {"a"}}) end)
end}
hooks.plugin{identifier = "consent", screen = true, execute = function(self, data, done)
  ui.show{id = "agree", onTap = function() ui.hide("agree") done(true, nil, {consent = true, seen = data.tags}) end}
end}

local result = hooks.navigate("feed", {from = "navbar"})
assert(result.presented == nil, "still running while the tagger waits")
app.advance(0.5)
assert(app.ui()["consent-screen"], "the consent screen is shown")
app.tap("agree")
local state = hooks.state()
assert(state.presented == true and state.screen == "feed")
assert(state.data.consent == true and state.data.seen[1] == "a")
assert(not app.ui()["consent-screen"], "the hook screen is gone")
