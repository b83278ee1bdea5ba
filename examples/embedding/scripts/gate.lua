-- A Zapp hook plugin with a screen: the navigation waits until the right answer is tapped.
hooks.plugin{
  identifier = "gate",
  screen = true,
  execute = function(self, data, done)
    local function answer(value)
      return function()
        ui.hide("question") ui.hide("answer-7") ui.hide("answer-5")
        if value == "7" then done(true, nil, data) else self:removeScreen() done(false, "wrong answer") end
      end
    end
    ui.show{id = "question", text = "What is 3 + 4?"}
    ui.show{id = "answer-7", text = "7", onTap = answer("7")}
    ui.show{id = "answer-5", text = "5", onTap = answer("5")}
  end,
}
