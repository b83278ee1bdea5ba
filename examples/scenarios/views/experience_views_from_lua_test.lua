-- views: a Lua scenario reaches an experience's views by id as it reaches the app's: app.ui(),
-- app.type, app.select, app.tap. Its steps (`step(name, fn)`) run one by one after the code above
-- them; a failure names its step.

local function id(n) return string.format("e0000000-0000-4000-8000-%012d", n) end

local function text(n, s) return {type = "text", id = id(n), text = s} end

local function experience()
  return {
    id = id(1), name = "Survey", type = "mobile",
    traits = {{type = "@appcues/modal", config = {presentationStyle = "dialog"}}},
    steps = {{
      id = id(10), type = "modal", traits = {},
      actions = {[id(13)] = {{on = "tap", type = "@appcues/submit-form"}, {on = "tap", type = "@appcues/close"}}},
      content = {type = "stack", id = id(100), orientation = "vertical", items = {
        {type = "textInput", id = id(11), label = text(111, "Your name"), required = true, attributeName = "name"},
        {type = "optionSelect", id = id(12), label = text(121, "Your role"), selectMode = "single", minSelections = 1,
         attributeName = "role", options = {{value = "developer", content = text(122, "Developer")},
                                            {value = "designer", content = text(123, "Designer")}}},
        {type = "button", id = id(13), content = text(131, "Send")},
      }},
    }},
  }
end

traits.show(experience())

step("the experience's views are among the app's views, with their kind", function()
  expect(app.ui()[id(13)]):toMatchObject({kind = "button"})
  expect(app.ui()[id(11)]).never:toBeNil()
end)

step("typing and selecting by id fill the form", function()
  app.type(id(11), "Ada")
  app.select(id(12), "designer")
  expect(traits.current().form[id(11)]):toMatchObject({value = "Ada", satisfied = true})
  expect(traits.current().form[id(12)]):toMatchObject({value = "designer"})
end)

step("a view that takes no text says so", function()
  local ok, message = pcall(app.type, id(13), "x")
  expect(ok):toBe(false)
  expect(message):toContain("takes no text")
end)

step("tapping the button by id submits the form and closes the experience", function()
  app.tap(id(13))
  expect(traits.current()):toBeNil()
  expect(app.events("profile.updated")[1].properties):toMatchObject({name = "Ada", role = "designer"})
  expect(app.ui()[id(13)]):toBeNil()
end)
