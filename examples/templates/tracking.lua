-- track: a non-visual app function. Triggered as an action (custom-code with
-- templateName "track") it runs at once, outside the in-app queue: it logs
-- the event and its properties to the transcript and dismisses.

templates.define{
  name = "track",
  type = "function",
  visual = false,
  arguments = {
    { "event", "inapp_click" },
    { "props", { source = "banner", step = 1 } },  -- props.source, props.step
  },
  onPresent = function(ctx)
    local props = ctx:dictionary("props") or {}
    app.log("track " .. ctx:string("event") .. " " .. json.encode(props, { sort = true }))
    ctx:dismissed()
  end,
}
