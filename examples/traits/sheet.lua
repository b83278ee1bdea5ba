-- @acme/sheet: a presenting trait of our own. It presents the wrapper (or the
-- container) as a bottom sheet that slides in over 0.3 s of virtual time, and
-- removes it the same way.
traits.register{
  type = "@acme/sheet",
  present = function(self, wrapper, done)
    wrapper:set("sheet", "sliding-in")
    app.after(0.3, function()
      wrapper:set("sheet", "shown")
      done()
    end)
  end,
  remove = function(self, wrapper, done)
    wrapper:set("sheet", "sliding-out")
    app.after(0.3, done)
  end,
}
