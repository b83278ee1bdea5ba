-- A .lua scenario using the assertion helpers: `expect(x):toEqual(y)` and friends fail with
-- the path of each difference (`at $.wzrk_id: expected "c1", actual "c2"`), where a bare
-- `assert` prints only its message. Types: types/expect.lua.

app.load("../templates/banner.lua")

templates.deliver{ inapp_notifs = {
  { type = "custom-code", templateName = "Banner", wzrk_id = "c1", vars = { title = "Sale" } },
  { type = "custom-code", templateName = "Banner", wzrk_id = "c2", vars = { title = "Later" } },
} }

expect(templates.displayed()):toMatchObject({ wzrk_id = "c1", templateName = "Banner" })
expect(ui.find("banner.title").text):toMatch("^Sale")
expect(#templates.queue()):toBe(1)
expect(templates.queue()[1]):toMatchObject({ wzrk_id = "c2" })
expect(app.events("error")):toHaveLength(0)
expect({ "c1", "c2" }):toContain("c2")
expect(ui.find("no such view")):toBeNil()
expect(templates.displayed()).never:toBeNil()

-- A failing matcher raises an error naming each difference; pcall shows it without failing.
local ok, message = pcall(function() expect({ a = 1, b = { 2, 3 } }):toEqual({ a = 1, b = { 2, 4 } }) end)
expect(ok):toBe(false)
expect(message):toContain("at $.b[2]: expected 4, actual 3")
