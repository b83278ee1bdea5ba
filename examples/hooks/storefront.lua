-- A storefront hook screen: shows the product and completes when the purchase "succeeds"
-- (a tap, then a simulated store round trip of 2 virtual seconds). The data it passes on
-- (the receipt) reaches the target screen.
hooks.plugin{
  identifier = "storefront",
  screen = true,
  execute = function(self, data, done)
    local config = self.pluginModel.configuration
    ui.show{id = "buy", text = "Buy " .. config.product .. " for " .. config.price, onTap = function()
      ui.update("buy", {text = "Purchasing..."})
      app.after(2, function()
        ui.hide("buy")
        done(true, nil, {receipt = {product = config.product, user = data.user}})
      end)
    end}
  end,
  didDisappear = function(self) ui.hide("buy") end,
}
