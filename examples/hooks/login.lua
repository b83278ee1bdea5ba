-- A login flow blocker with a hook screen. When the user is already logged in, it refuses the
-- presentation of its screen and completes at once; otherwise it shows a sign-in button and
-- completes when the user taps it. The plugin model's `is_flow_blocker` (true) makes a failure,
-- a cancel or a timeout stop the navigation.
local session = {loggedIn = false}

-- As the SDK asks ("Always pass `dataDict` ... for further hooks to use it"): the next hook and
-- the target get exactly what a hook passes to `done`, so pass on what came in, plus your keys.
local function passOn(data, extra)
  local out = {}
  for k, v in pairs(data or {}) do out[k] = v end
  for k, v in pairs(extra) do out[k] = v end
  return out
end

hooks.plugin{
  identifier = "login",
  screen = true,
  requestPresentation = function(self, allow)
    allow(not session.loggedIn)
  end,
  execute = function(self, data, done)
    if session.loggedIn then
      done(true, nil, passOn(data, {user = session.user}))
      return
    end
    ui.show{id = "sign-in", text = self.screenModel.general.title or "Sign in", onTap = function()
      session.loggedIn, session.user = true, "ada"
      ui.hide("sign-in") ui.hide("sign-in-fail")
      done(true, nil, passOn(data, {user = "ada"}))
    end}
    ui.show{id = "sign-in-fail", text = "Wrong password", onTap = function()
      ui.hide("sign-in") ui.hide("sign-in-fail")
      done(false, "wrong password")
    end}
  end,
  didDisappear = function(self)
    ui.hide("sign-in") ui.hide("sign-in-fail")
  end,
}
