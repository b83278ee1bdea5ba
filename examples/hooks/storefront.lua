-- A storefront hook screen: shows the product and completes when the purchase "succeeds"
-- (a tap, then a simulated store round trip of 2 virtual seconds). The data it passes on
-- (what came in, plus the receipt) reaches the target screen.
-- As the SDK asks ("Always pass `dataDict` ... for further hooks to use it"): the next hook and
-- the target get exactly what a hook passes to `done`, so pass on what came in, plus your keys.
local function passOn(data, extra)
  local out = {}
  for k, v in pairs(data or {}) do out[k] = v end
  for k, v in pairs(extra) do out[k] = v end
  return out
end

hooks.plugin{
  identifier = "storefront",
  screen = true,
  execute = function(self, data, done)
    local config = self.pluginModel.configuration
    ui.show{id = "buy", text = "Buy " .. config.product .. " for " .. config.price, onTap = function()
      ui.update("buy", {text = "Purchasing..."})
      app.after(2, function()
        ui.hide("buy")
        done(true, nil, passOn(data, {receipt = {product = config.product, user = data and data.user}}))
      end)
    end}
  end,
  didDisappear = function(self) ui.hide("buy") end,
}
