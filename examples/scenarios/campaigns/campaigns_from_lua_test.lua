-- A .lua campaign scenario: server responses with templates.deliver, user activity with
-- app.event / app.location, lifecycle with app.relaunch(response) and app.reset, and the
-- campaign state with templates.state().
app.load("../../templates/banner.lua")

local function banner(ti, title, extra)
  local inapp = { ti = ti, wzrk_id = tostring(ti), type = "custom-code", templateName = "Banner",
                  vars = { title = title } }
  for k, v in pairs(extra or {}) do inapp[k] = v end
  return inapp
end

-- Before any response the global caps are 1 per session and 1 per day.
local state = templates.state()
assert(state.caps.perSession == 1 and state.caps.perDay == 1)

templates.deliver{
  inapp_delivery_mode = "CS",
  inapp_notifs_cs = {
    -- first time only: the user's first "Store Opened"
    banner(11, "First visit", { whenTriggers = { { eventName = "Store Opened", firstTimeOnly = true } } }),
    -- near the store (within 2 km)
    banner(12, "You are close", { whenTriggers = { { eventName = "Walked", geoRadius = { { lat = 52.52, lng = 13.40, rad = 2 } } } } }),
    -- App Launched, priority 50
    banner(13, "Hello again", { priority = 50, whenTriggers = { { eventName = "App Launched" } } }),
  },
}
assert(templates.state().caps.perSession == 10, "every response sets imc/imp (default 10)")

app.event("Store Opened")
assert(templates.displayed().wzrk_id == "11")
templates.close()
app.event("Store Opened")
assert(templates.displayed() == nil, "not the first time any more")
assert(templates.state().events["storeopened"] == 2)

app.event("Walked")
assert(templates.displayed() == nil, "no location yet")
app.location(52.53, 13.41)
app.event("Walked")
assert(templates.displayed().wzrk_id == "12")
templates.close()

-- A relaunch: new session, App Launched, then the launch's response, then CS evaluation.
app.relaunch{ imc = 3, imp = 3, inapp_delivery_mode = "CS" }
assert(templates.displayed().wzrk_id == "13", "App Launched evaluated after the launch response")
state = templates.state()
assert(state.caps.perSession == 3 and state.caps.shownSession == 1)
assert(state.counts["11"].lifetime == 1 and state.counts["12"].lifetime == 1, "counts survive the relaunch")
templates.close()

-- A fresh install: every store and counter wiped.
app.reset()
state = templates.state()
assert(#state.cs == 0 and state.caps.perSession == 1 and next(state.counts) == nil)
assert(app.unixTime() == 1700000000 + app.now())
assert(state.mode == nil and state.displayed == nil, "no mode, nothing displayed: nil (not json.null)")
