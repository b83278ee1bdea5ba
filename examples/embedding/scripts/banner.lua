-- A CleverTap custom code template presenter.
templates.define{
  name = "Banner",
  arguments = {{"title", "Hello"}, {"ok", templates.action}},
  onPresent = function(ctx)
    ui.show{id = "title", text = ctx:string("title")}
    ui.show{id = "ok", text = "OK", onTap = function() ctx:triggerAction("ok") end}
    ctx:presented()
  end,
  onClose = function(ctx)
    ui.hide("title") ui.hide("ok")
    ctx:dismissed()
  end,
}
