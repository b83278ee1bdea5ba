-- ENGINE BUG repro: app.load resolves a relative path against the process working
-- directory, not against this scenario file, so this passes only when `ctlua test`
-- runs from this folder (cd examples/scenarios-failing && ctlua test <file>).
-- A .lua scenario: relaunch keeps the store queue (the displayed in-app is shown
-- again; an in-app already prepared for display, "pending", is lost as in the SDK),
-- and templates.close() sends a close action to the displayed in-app.
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
assert(templates.displayed().wzrk_id == "one", "the displayed in-app survives a relaunch")
assert(#templates.queue() == 1 and templates.queue()[1].wzrk_id == "two")
assert(ui.find("banner.title").text == "One", "presented again after the relaunch")

assert(templates.close() == true)
assert(templates.displayed().wzrk_id == "two")
assert(templates.close() == true)
assert(templates.displayed() == nil)
assert(templates.close() == false, "nothing left to close")

local names = templates.list()
assert(names[1] == "Banner" and names[2] == "Survey" and #names == 2)
