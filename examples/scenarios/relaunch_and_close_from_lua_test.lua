-- ENGINE BUG repro: app.load resolves a relative path against the process working
-- directory, not against this scenario file, so this passes only when `ctlua test`
-- runs from this folder (cd examples/scenarios-failing && ctlua test <file>).
-- A .lua scenario: relaunch keeps the store queue; the displayed in-app and an in-app
-- already prepared for display ("pending") are lost, as in the SDK (both were dequeued
-- from its store), and templates.close() sends a close action to the displayed in-app.
app.load("../templates/banner.lua")

templates.deliver{
  { type = "custom-code", templateName = "Banner", ti = 1, wzrk_id = "one", vars = { title = "One" } },
  { type = "custom-code", templateName = "Banner", ti = 2, wzrk_id = "lost", vars = { title = "Lost" } },
  { type = "custom-code", templateName = "Banner", ti = 3, wzrk_id = "two", vars = { title = "Two" } },
}
assert(templates.displayed().wzrk_id == "one")
-- one's presented() recorded Notification Viewed; its evaluation made a show attempt that
-- prepared "lost": it waits in the in-memory pending list
assert(templates.state().pending[1] == "lost" and templates.state().queue[1] == "two")

app.relaunch()
assert(templates.displayed().wzrk_id == "two", "the store queue's head shows after the relaunch")
assert(#templates.queue() == 0)
assert(ui.find("banner.title").text == "Two")
local lost = {}
for _, e in ipairs(app.events("inapp.skipped")) do
  if e.type == "inapp.skipped" and e.reason == "relaunch" then lost[#lost + 1] = e.id end
end
assert(lost[1] == "one" and lost[2] == "lost" and #lost == 2, "the relaunch says what it lost")

assert(templates.close() == true)
assert(templates.displayed() == nil)
assert(templates.close() == false, "nothing left to close")

local names = templates.list()
assert(names[1] == "Banner" and names[2] == "Survey" and #names == 2)
