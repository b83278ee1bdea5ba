-- traits: a Lua scenario — a Lua trait and a built-in in one experience, driven from Lua.
traits.register{
  type = "@acme/badge",
  decorateStep = function(self, step) step:add(traits.view{kind = "badge", text = self.config.text}) end,
}
-- Ids are UUIDs and every step has its traits, actions and content, as the Appcues SDK requires.
assert(traits.show{
  id = "3f6b2c1e-9a4d-4e57-8b20-c1d5e7f9a301", name = "Lua", type = "mobile",
  traits = {{type = "@appcues/modal", config = {presentationStyle = "halfSheet"}}},
  steps = {{
    id = "3f6b2c1e-9a4d-4e57-8b20-c1d5e7f9a302", type = "group", actions = {},
    traits = {{type = "@acme/badge", config = {text = "new"}}},
    children = {
      {id = "3f6b2c1e-9a4d-4e57-8b20-c1d5e7f9a303", type = "modal", traits = {}, actions = {},
       content = {type = "text", id = "3f6b2c1e-9a4d-4e57-8b20-c1d5e7f9a311", text = "One"}},
      {id = "3f6b2c1e-9a4d-4e57-8b20-c1d5e7f9a304", type = "modal", traits = {}, actions = {},
       content = {type = "text", id = "3f6b2c1e-9a4d-4e57-8b20-c1d5e7f9a312", text = "Two"}},
    },
  }},
})
local current = traits.current()
assert(current.experience == "3f6b2c1e-9a4d-4e57-8b20-c1d5e7f9a301" and current.step == 1)
assert(current.tree.detents[1] == "medium")
assert(current.tree.children[1].children[1].kind == "text")   -- the step's content, then the badge
assert(current.tree.children[1].children[2].kind == "badge")
traits.page(2)
assert(traits.current().step == 2)
assert(traits.dismiss())
assert(traits.current() == nil)
local dismissed = app.events("experience.dismissed")
assert(#dismissed == 1 and dismissed[1].experience == "3f6b2c1e-9a4d-4e57-8b20-c1d5e7f9a301")
