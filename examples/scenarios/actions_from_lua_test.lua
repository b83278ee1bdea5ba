-- A .lua scenario: button taps with app.tap, every action type, and the
-- transcript read back with app.events. Self-contained.

templates.define{
  name = "Card", type = "template",
  arguments = { { "title", "Card" }, { "cta.primary", templates.action }, { "cta.secondary", templates.action } },
  onPresent = function(ctx)
    ui.show{ id = "card.primary", onTap = function() ctx:triggerAction("cta.primary") end }
    ui.show{ id = "card.secondary", onTap = function() ctx:triggerAction("cta.secondary") end }
    ctx:presented()
  end,
  onClose = function(ctx) ui.hide("card.primary"); ui.hide("card.secondary"); ctx:dismissed() end,
}
templates.define{
  name = "ping", type = "function", visual = false,
  arguments = { { "what", "ping" } },
  onPresent = function(ctx) app.log("ping " .. ctx:string("what")); ctx:dismissed() end,
}

local function last(prefix)
  local events = app.events(prefix)
  return events[#events]
end

templates.deliver{ type = "custom-code", templateName = "Card", ti = 1, wzrk_id = "k1", vars = {
  ["cta.primary"] = { actions = { type = "kv", kv = { deep = "link" } } },
  ["cta.secondary"] = { actions = { type = "custom-code", templateName = "ping", vars = { what = "pong" } } },
} }
local ctx = templates.activeContext("Card")
local cta = ctx:dictionary("cta")
assert(cta.primary == "kv" and cta.secondary == "ping", "actions read as their type / templateName")

app.tap("card.primary")
assert(last("action.kv").kv.deep == "link")

app.tap("card.secondary")
assert(last("log").message == "ping pong", "the non-visual function ran at once")
assert(templates.displayed().wzrk_id == "k1", "the card is still displayed")

templates.close()
assert(templates.displayed() == nil)
assert(ui.find("card.primary") == nil)
assert(last("template.closed").id == "k1")
