-- An Appcues trait: a decorator that gives each step a corner radius from its config.
traits.register{
  type = "@acme/card",
  init = function(self)
    if type(self.config) ~= "table" or type(self.config.radius) ~= "number" then return false end
    self.radius = self.config.radius
    return true
  end,
  decorateStep = function(self, step) step:set("cornerRadius", self.radius) end,
}
