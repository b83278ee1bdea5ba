-- @acme/card: a custom decorator. Each step gets a card look (corner radius and
-- shadow from the config); the container gets a `cardStack` flag while a card is shown.
-- Config: {"radius": number (required), "shadow": boolean?}. A config without a
-- radius is rejected: the instance is dropped, as the SDK drops it.
traits.register{
  type = "@acme/card",
  init = function(self)
    local config = self.config
    if type(config) ~= "table" or type(config.radius) ~= "number" then return false end
    self.radius = config.radius
    self.shadow = config.shadow == true
    return true
  end,
  decorateStep = function(self, step)
    step:set("cornerRadius", self.radius)
    if self.shadow then step:set("shadow", json.object{radius = 4, y = 2}) end
  end,
  decorateContainer = function(self, container)
    container:set("cardStack", true)
  end,
  undecorateContainer = function(self, container)
    container:set("cardStack", nil)
  end,
}
