-- traits: one qualification response with a modal and an embedded experience shows both (the
-- SDK's renderer groups qualified experiences by render context, one state machine each); an
-- event_trigger qualification is normal priority and replaces the shown modal, the embed stays.
local function experience(id, name, traitList)
  return {
    id = id, name = name, type = "mobile", traits = traitList,
    steps = {{
      id = id:sub(1, -3) .. "f1", type = "modal", traits = {}, actions = {},
      content = {type = "text", id = id:sub(1, -3) .. "f2", text = name},
    }},
  }
end
local modal = {{type = "@appcues/modal", config = {presentationStyle = "dialog"}}}
local welcome = experience("6a1f0c2e-8d4b-4c3a-9e7f-1b2c3d4e5f10", "Welcome", modal)
local promo = experience("6a1f0c2e-8d4b-4c3a-9e7f-1b2c3d4e5f20", "Promo", modal)
local banner = experience("6a1f0c2e-8d4b-4c3a-9e7f-1b2c3d4e5f30", "Banner",
  {{type = "@appcues/embedded", config = {frameID = "home-banner"}}})

ui.show{id = "banner-slot", frameID = "home-banner"}
traits.qualify{performed_qualification = true, qualification_reason = "screen_view", experiences = {welcome, banner}}
assert(traits.current("modal").experience == welcome.id)
assert(traits.current("embed:home-banner").experience == banner.id)
assert(traits.current().context == "modal", "the modal covers the app: it is in focus")

-- screen_view is low priority: nothing replaces the shown modal
assert(traits.qualify{performed_qualification = true, qualification_reason = "screen_view", experiences = {promo}} == nil)
assert(traits.current("modal").experience == welcome.id)

-- event_trigger is normal priority: the modal is dismissed, then the new one starts
assert(traits.qualify{performed_qualification = true, qualification_reason = "event_trigger", experiences = {promo}} == promo.id)
local names = {}
for _, e in ipairs(app.events("appcues.analytics")) do
  if e.name == "appcues:v2:experience_dismissed" or e.name == "appcues:v2:experience_started" then
    names[#names + 1] = e.name:sub(12) .. " " .. e.properties.experienceName
  end
end
assert(table.concat(names, ", ") == "experience_started Welcome, experience_started Banner, experience_dismissed Welcome, experience_started Promo",
  table.concat(names, ", "))
assert(traits.current("embed:home-banner").experience == banner.id, "the embed stays")
