-- A CleverTap custom code template with inputs: an email field, a frequency picker and a button.
-- `onType` and `onSelect` make its views take what a scenario's `type` and `select` steps (or
-- `app.type` / `app.select`) give them, as `onTap` takes taps.
templates.define{
  name = "Newsletter",
  arguments = {{"headline", "Stay in touch"}, {"subscribe", templates.action}},
  onPresent = function(ctx)
    local email, frequency = "", "weekly"
    ui.show{id = "newsletter.headline", text = ctx:string("headline")}
    ui.show{id = "newsletter.email", placeholder = "you@example.com", value = "", onType = function(text)
      email = text
      ui.update("newsletter.email", {value = text})
    end}
    ui.show{id = "newsletter.frequency", options = {"daily", "weekly"}, value = frequency, onSelect = function(value)
      frequency = value
      ui.update("newsletter.frequency", {value = value})
    end}
    ui.show{id = "newsletter.subscribe", text = "Subscribe", onTap = function()
      app.log("subscribed " .. email .. " " .. frequency)
      ctx:triggerAction("subscribe")
    end}
    ctx:presented()
  end,
  onClose = function(ctx)
    for _, id in ipairs{"newsletter.headline", "newsletter.email", "newsletter.frequency", "newsletter.subscribe"} do ui.hide(id) end
    ctx:dismissed()
  end,
}
