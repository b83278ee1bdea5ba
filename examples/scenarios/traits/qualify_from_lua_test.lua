-- traits: a qualification response, as the SDK receives it from /qualify: each experience decodes
-- on its own (one missing its name is a failed experience, `experience_error`), then they are
-- tried in order until one shows, triggered by the response's reason.
local function experience(id, name)
  return {
    id = id, name = name, type = "mobile",
    traits = {{type = "@appcues/modal", config = {presentationStyle = "dialog"}}},
    steps = {{
      id = "9d4e2a71-3b6c-4f08-8e15-a2c7d9f1b302", type = "modal", traits = {}, actions = {},
      content = {type = "text", id = "9d4e2a71-3b6c-4f08-8e15-a2c7d9f1b303", text = "Hello"},
    }},
  }
end
local broken = experience("9d4e2a71-3b6c-4f08-8e15-a2c7d9f1b310")
local welcome = experience("9d4e2a71-3b6c-4f08-8e15-a2c7d9f1b320", "Welcome")

local shown = traits.qualify{
  performed_qualification = true,
  qualification_reason = "screen_view",
  experiences = {broken, welcome},
}
assert(shown == "9d4e2a71-3b6c-4f08-8e15-a2c7d9f1b320", tostring(shown))

local analytics = app.events("appcues.analytics")
assert(analytics[1].name == "appcues:v2:experience_error")
assert(analytics[1].properties.message == "Error parsing Experience JSON data: Expected key 'name' not found at codingPath: experiences.0")
assert(analytics[2].name == "appcues:v2:experience_started" and analytics[2].properties.trigger == "screen_view")
assert(traits.current().experience == "9d4e2a71-3b6c-4f08-8e15-a2c7d9f1b320")
