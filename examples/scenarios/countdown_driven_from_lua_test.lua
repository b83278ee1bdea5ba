-- ENGINE BUG repro: app.load resolves a relative path against the process working
-- directory, not against this scenario file, so this passes only when `ctlua test`
-- runs from this folder (cd examples/scenarios-failing && ctlua test <file>).
-- A .lua scenario: a fresh engine runs this script; it passes when it runs to
-- the end without error. It drives the app with templates.deliver and
-- app.advance and checks with assert.
app.load("../templates/countdown.lua")
app.load("../templates/banner.lua")

templates.deliver{
  inapp_notifs = {
    { type = "custom-code", templateName = "Countdown", ti = 1, wzrk_id = "cd",
      vars = { seconds = 5, label = "Hurry" } },
    { type = "custom-code", templateName = "Banner", ti = 2, wzrk_id = "b1", vars = { title = "After" } },
  },
}

assert(templates.displayed().wzrk_id == "cd", "inapp_notifs show in server order: the countdown first")
local queue = templates.queue()
assert(#queue == 1 and queue[1].wzrk_id == "b1", "the banner waits")
assert(ui.find("countdown.label").text == "Hurry 5s")

local ctx = templates.activeContext("Countdown")
assert(ctx and ctx.templateName == "Countdown")
assert(ctx:integer("seconds") == 5 and ctx:number("seconds") == 5)

app.advance(4.5)
assert(ui.find("countdown.label").text == "Hurry 1s")
assert(templates.displayed().wzrk_id == "cd")

app.advance(0.5)
assert(ui.find("countdown.label") == nil, "the countdown hid its view")
assert(templates.activeContext("Countdown") == nil, "dismissed() removed the active context")
assert(templates.displayed().wzrk_id == "b1", "the queue moved on")
assert(ui.find("banner.title").text == "After")
assert(#templates.queue() == 0)

local dismissed = 0
for _, e in ipairs(app.events("template.dismissed")) do
  if e.id == "cd" then dismissed = dismissed + 1 end
end
assert(dismissed == 1, "dismissed once")
assert(app.now() == 5)
