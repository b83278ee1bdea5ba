-- A .lua scenario: a fresh engine runs this script; it passes when it runs to
-- the end without error. It is self-contained (the template is defined here),
-- drives the app with templates.deliver / app.advance and checks with assert.

local shown = {}

templates.define{
  name = "Toast",
  type = "template",
  arguments = { { "text", "Saved" }, { "duration", 2 }, { "style", { color = "#222", bold = false } } },
  onPresent = function(ctx)
    shown[#shown + 1] = ctx:string("text")
    ui.show{ id = "toast", text = ctx:string("text"), color = ctx:dictionary("style").color }
    ctx:presented()
    app.after(ctx:number("duration"), function()
      ui.hide("toast")
      ctx:dismissed()
    end)
  end,
  onClose = function(ctx) ui.hide("toast"); ctx:dismissed() end,
}

templates.deliver{
  inapp_notifs = {
    { type = "custom-code", templateName = "Toast", ti = 10, wzrk_id = "t1",
      vars = { text = "First", duration = 1, ["style.color"] = "#f00" } },
    { type = "custom-code", templateName = "Toast", ti = 20, wzrk_id = "t2", vars = { text = "Second" } },
  },
}

-- inapp_notifs show in server order (FIFO)
assert(templates.displayed().wzrk_id == "t1")
assert(templates.displayed().vars.text == "First")
assert(ui.find("toast").color == "#f00")
assert(#templates.queue() == 1 and templates.queue()[1].wzrk_id == "t2")
local ctx = templates.activeContext("Toast")
assert(ctx.templateName == "Toast")
assert(ctx:boolean("style.bold") == false)
local style = ctx:dictionary("style")
assert(style.color == "#f00" and style.bold == false)

app.advance(0.5)
assert(templates.displayed().wzrk_id == "t1", "still up at t=0.5")
app.advance(0.5)
assert(templates.displayed().wzrk_id == "t2", "t1 dismissed itself at t=1")
assert(ui.find("toast").text == "Second")
app.advance(2)
assert(templates.displayed() == nil and #templates.queue() == 0)
assert(ui.find("toast") == nil)
assert(shown[1] == "First" and shown[2] == "Second" and #shown == 2)
assert(app.now() == 3)
assert(#app.events("template.dismissed") == 2)
