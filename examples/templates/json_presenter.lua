-- The presenter of "Promo", a template defined in CleverTap's JSON format
-- (definitions.json; in a scenario, the same object under setup.templates).
-- The JSON definition takes the presenter registered here under its name.
--
-- Views (ids): promo.headline, promo.discount, promo.cta

local function hide(ids)
  for _, id in ipairs(ids) do
    if ui.find(id) then ui.hide(id) end
  end
end

templates.presenter("Promo", {
  onPresent = function(ctx)
    local style = ctx:dictionary("style") or {}
    ui.show{ id = "promo.headline", text = ctx:string("headline"), color = style.color, bold = style.bold }
    ui.show{ id = "promo.discount", text = string.format("%d%% off", ctx:integer("discount")) }
    ui.show{ id = "promo.cta", text = "Shop now", onTap = function() ctx:triggerAction("cta") end }
    ctx:presented()
  end,
  onClose = function(ctx)
    hide{ "promo.headline", "promo.discount", "promo.cta" }
    ctx:dismissed()
  end,
})
