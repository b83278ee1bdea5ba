-- The app's in-app delegate written in Lua (app.delegate): refuse in-apps for guests, follow what
-- shows and what is tapped, refuse external URLs; then a user switch (app.login) with its own counters.
app.load("../../templates/banner.lua")

local shown, tapped = {}, {}
app.delegate{
  -- `extras` is what the SDK passes (`d.kv`, empty for custom code); the in-app is ctlua's addition
  shouldShow = function(inapp, extras) return inapp.wzrk_id ~= "guests-only" end,
  didShow = function(inapp) shown[#shown + 1] = inapp.wzrk_id end,
  buttonTapped = function(kv) tapped[#tapped + 1] = kv.coupon end,
  shouldHandleURL = function(url) return url:sub(1, 9) == "myapp://" end,
}

local function banner(id, buttons)
  return { ti = #id, wzrk_id = id, type = "custom-code", templateName = "Banner",
           vars = { title = id, ["buttons.open"] = buttons and buttons.open, ["buttons.more"] = buttons and buttons.more } }
end

templates.deliver{ imc = 10, imp = 10, inapp_notifs = {
  banner("guests-only"),
  banner("sale", { open = { actions = { type = "url", ios = "https://example.com" } },
                   more = { actions = { type = "kv", kv = { coupon = "SAVE10" } } } }),
} }
assert(templates.displayed().wzrk_id == "sale", "the refused in-app made way for the next one")
assert(shown[1] == "sale" and #shown == 1)
assert(app.events("inapp.skipped")[1].reason == "delegate")

app.tap("banner.open")
assert(app.events("action.url")[1].opened == false, "shouldHandleURL refused an https URL")
app.tap("banner.more")
assert(tapped[1] == "SAVE10")

-- A second user: their counters start empty; the first user's come back with them.
app.login("alice")                       -- the device's first identity: no switch
app.login("bob")                         -- a new identity: a new user
assert(next(templates.state().counts) == nil)
app.login("alice")
assert(templates.state().counts["4"].lifetime == 1, "alice saw 'sale' (ti 4) once")
