-- A parental gate: a hook screen that asks a question and completes when an answer is tapped.
-- The right answer passes; a wrong one fails, and as a flow blocker stops the navigation. As the
-- SDK's example plugins do, it removes its own screen when it fails (`self:removeScreen()`, the
-- SDK's `removeScreenPluginFromNavigationStack`): a failed flow blocker's screen otherwise stays.
-- As the SDK asks ("Always pass `dataDict` ... for further hooks to use it"): the next hook and
-- the target get exactly what a hook passes to `done`, so pass on what came in, plus your keys.
local function passOn(data, extra)
  local out = {}
  for k, v in pairs(data or {}) do out[k] = v end
  for k, v in pairs(extra) do out[k] = v end
  return out
end

hooks.plugin{
  identifier = "parental_gate",
  screen = true,
  execute = function(self, data, done)
    local config = self.pluginModel.configuration
    local function answer(value)
      return function()
        ui.hide("gate-question") ui.hide("answer-7") ui.hide("answer-5")
        if value == config.answer then done(true, nil, passOn(data, {parentApproved = true}))
        else
          self:removeScreen()
          done(false, "wrong answer")
        end
      end
    end
    ui.show{id = "gate-question", text = config.question}
    ui.show{id = "answer-7", text = "7", onTap = answer("7")}
    ui.show{id = "answer-5", text = "5", onTap = answer("5")}
  end,
  didDisappear = function(self)
    ui.hide("gate-question") ui.hide("answer-7") ui.hide("answer-5")
  end,
}
