-- traits: a Lua scenario — a Lua trait and a built-in in one experience, driven from Lua.
traits.register{
  type = "@acme/badge",
  decorateStep = function(self, step) step:add(traits.view{kind = "badge", text = self.config.text}) end,
}
assert(traits.show{
  id = "lua-tour", name = "Lua", type = "mobile",
  traits = {{type = "@appcues/modal", config = {presentationStyle = "halfSheet"}}},
  steps = {{id = "g", type = "group", traits = {{type = "@acme/badge", config = {text = "new"}}},
            children = {{id = "a", type = "modal"}, {id = "b", type = "modal"}}}},
})
local current = traits.current()
assert(current.experience == "lua-tour" and current.step == 1)
assert(current.tree.detents[1] == "medium")
assert(current.tree.children[1].children[1].kind == "badge")
traits.page(2)
assert(traits.current().step == 2)
assert(traits.dismiss())
assert(traits.current() == nil)
local dismissed = app.events("experience.dismissed")
assert(#dismissed == 1 and dismissed[1].experience == "lua-tour")
