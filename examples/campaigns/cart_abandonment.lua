-- A campaign explored with `ctlua run examples/campaigns/cart_abandonment.lua` (from any folder):
-- a client-side in-app for users who add shoes over 50 to their cart and do not buy,
-- once per session, shown 30 seconds after the trigger, with a 1-hour TTL.
-- app.load takes a path relative to the working folder: the presenter is found from this file's
-- own path (`arg[0]`, as `ctlua run` and lua.c set it), so the example runs from any folder.
-- `ctlua check` sets no `arg` (it loads the script from the folder it runs in: the repository's root).
local here = arg and (arg[0]:match("^(.*)/") or ".") or "examples/campaigns"
app.load(here .. "/../templates/banner.lua")

templates.deliver{
  inapp_delivery_mode = "CS",
  imc = 5, imp = 10,
  inapp_notifs_cs = {
    { ti = 1001, wzrk_id = "1001_20231114", type = "custom-code", templateName = "Banner",
      vars = { title = "Still thinking about those shoes?", ["buttons.close"] = { actions = { type = "close" } } },
      whenTriggers = { { eventName = "Added To Cart", eventProperties = {
        { propertyName = "category", operator = 1, propertyValue = "shoes" },
        { propertyName = "price", operator = 0, propertyValue = 50 } } } },
      frequencyLimits = { { type = "session", limit = 1 } },
      delayAfterTrigger = 30, wzrk_ttl_offset = 3600 },
  },
}

local function show(label)
  local s = templates.state()
  print(string.format("%-28s displayed=%-14s timers=%d delayed=%d triggers=%s shown=%d",
    label, tostring(s.displayed), #s.timers, #s.delayed, tostring(s.triggers["1001"]), s.caps.shownSession))
end

app.event("Added To Cart", { category = "Shoes", price = 79.9 })
show("added shoes")
app.advance(30)
show("30 s later")
app.tap("banner.close")
app.event("Added To Cart", { category = "shoes", price = 120 })
app.advance(30)
show("again, same session")
for _, e in ipairs(app.events("inapp.")) do print(e.t, e.type, e.ti or e.id or "", e.reason or "") end
