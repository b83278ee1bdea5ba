-- A spin-the-wheel campaign whose wheel image is fetched with the response: the client-side
-- in-app's file arguments are downloaded when `inapp_notifs_cs` arrives, and the wheel finds the
-- image in the cache when its event comes. A prefetch that failed is fetched again at presentation.
app.load("../../templates/spin_wheel.lua")

-- setup.files of a Lua scenario: the CDN's URLs served from fixtures.
app.files{ ["https://cdn.example/wheel.png"] = "../fixtures/hero.png" }

local wheel = {
  ti = 1700000101, wzrk_id = "1700000101_20260101", type = "custom-code", templateName = "SpinWheel",
  whenTriggers = { { eventName = "Checkout Started" } },
  vars = {
    image = "https://cdn.example/wheel.png",
    prize = "Free shipping",
    claim = { actions = { type = "kv", kv = { coupon = "SHIPFREE" } } },
  },
}

step("the image is fetched when the response arrives", function()
  templates.deliver{ inapp_delivery_mode = "CS", inapp_notifs_cs = { wheel } }
  local fetched = app.events("file.fetched")
  expect(#fetched):toBe(1)
  expect(fetched[1]):toMatchObject{ url = "https://cdn.example/wheel.png", cached = false, prefetch = true }
  expect(templates.displayed()):toBeNil()
end)

step("the wheel shows with the cached image when its event comes", function()
  app.event("Checkout Started")
  expect(templates.displayed().wzrk_id):toBe("1700000101_20260101")
  local fetched = app.events("file.fetched")
  expect(fetched[#fetched]):toMatchObject{ url = "https://cdn.example/wheel.png", cached = true }
  expect(app.ui()["wheel.image"].image):toMatch("%.png$")
end)

step("spin, claim: the action carries the in-app's id and ti", function()
  app.tap("wheel.spin")
  expect(app.ui()["wheel.prize"].text):toBe("Free shipping")
  app.tap("wheel.prize")
  local triggered = app.events("action.triggered")
  expect(triggered[1]):toMatchObject{ id = "1700000101_20260101", ti = 1700000101, action = "claim", actionType = "kv" }
  expect(#app.events("action.kv")):toBe(1)
  expect(templates.displayed()):toBeNil()
end)

step("a failed prefetch is fetched again when the wheel shows", function()
  app.files{ ["https://cdn.example/wheel2.png"] = { error = "HTTP 503" } }
  local again = { ti = 1700000102, wzrk_id = "1700000102_20260101", type = "custom-code", templateName = "SpinWheel",
                  whenTriggers = { { eventName = "Checkout Started" } }, vars = { image = "https://cdn.example/wheel2.png" } }
  templates.deliver{ inapp_delivery_mode = "CS", inapp_notifs_cs = { again } }
  local failed = app.events("file.failed")
  expect(failed[#failed]):toMatchObject{ url = "https://cdn.example/wheel2.png", prefetch = true }
  app.files{ ["https://cdn.example/wheel2.png"] = "../fixtures/hero.png" }   -- the CDN is back
  app.event("Checkout Started")
  expect(templates.displayed().wzrk_id):toBe("1700000102_20260101")
  expect(#app.events("error")):toBe(0)
end)
