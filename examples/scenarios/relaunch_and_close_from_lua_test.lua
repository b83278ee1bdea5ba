-- ENGINE BUG repro: app.load resolves a relative path against the process working
-- directory, not against this scenario file, so this passes only when `ctlua test`
-- runs from this folder (cd examples/scenarios-failing && ctlua test <file>).
-- A .lua scenario: relaunch keeps the queue (the displayed in-app is shown
-- again), and templates.close() sends a close action to the displayed in-app.
app.load("../templates/banner.lua")

templates.deliver{
  { type = "custom-code", templateName = "Banner", ti = 1, wzrk_id = "one", vars = { title = "One" } },
  { type = "custom-code", templateName = "Banner", ti = 2, wzrk_id = "two", vars = { title = "Two" } },
}
assert(templates.displayed().wzrk_id == "one")

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
