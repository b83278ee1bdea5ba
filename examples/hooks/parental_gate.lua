-- A parental gate: a hook screen that asks a question and completes when an answer is tapped.
-- The right answer passes; a wrong one fails, and as a flow blocker stops the navigation.
hooks.plugin{
  identifier = "parental_gate",
  screen = true,
  execute = function(self, data, done)
    local config = self.pluginModel.configuration
    local function answer(value)
      return function()
        ui.hide("gate-question") ui.hide("answer-7") ui.hide("answer-5")
        if value == config.answer then done(true, nil, {parentApproved = true})
        else done(false, "wrong answer") end
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
