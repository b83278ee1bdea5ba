-- SpinWheel: a CleverTap custom code template for a spin-the-wheel campaign. Its wheel image is a
-- file argument: for a client-side campaign the SDK fetches it when the response arrives
-- (`downloadCustomTemplatesFileURLs:`), so the wheel shows at once when its event comes.
--
-- Views (ids): wheel.image, wheel.spin, wheel.prize, wheel.close

templates.define{
  name = "SpinWheel",
  type = "template",
  arguments = {
    { "image", templates.file },
    { "segments", 8 },
    { "prize", "10% off" },
    { "claim", templates.action },   -- typically a url or kv action
  },
  onPresent = function(ctx)
    ui.show{ id = "wheel.image", image = ctx:file("image"), segments = ctx:integer("segments") }
    ui.show{ id = "wheel.spin", text = "Spin", onTap = function()
      ui.hide("wheel.spin")
      ui.show{ id = "wheel.prize", text = ctx:string("prize"), onTap = function()
        ctx:triggerAction("claim")
        for _, id in ipairs{ "wheel.image", "wheel.prize", "wheel.close" } do ui.hide(id) end
        ctx:dismissed()
      end }
    end }
    ui.show{ id = "wheel.close", text = "Close", onTap = function()
      for _, id in ipairs{ "wheel.image", "wheel.spin", "wheel.prize", "wheel.close" } do
        if ui.find(id) then ui.hide(id) end
      end
      ctx:dismissed()
    end }
    ctx:presented()
  end,
  onClose = function(ctx)
    for _, id in ipairs{ "wheel.image", "wheel.spin", "wheel.prize", "wheel.close" } do
      if ui.find(id) then ui.hide(id) end
    end
    ctx:dismissed()
  end,
}
