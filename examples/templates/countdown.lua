-- Countdown: a template that shows "<label> <n>s", counts down once per
-- (virtual) second with app.after, and dismisses itself at zero so the next
-- in-app can show. A close action ends it early.
--
-- Views (ids): countdown.label

-- one active context per template name (SDK rule), so the template name is a fine key
local finishers = {}

templates.define{
  name = "Countdown",
  type = "template",
  arguments = {
    { "label", "Offer ends in" },
    { "seconds", 3 },
  },
  onPresent = function(ctx)
    local label = ctx:string("label")
    local remaining = ctx:integer("seconds")
    local done = false

    local function finish()
      if done then return end
      done = true
      if ui.find("countdown.label") then ui.hide("countdown.label") end
      ctx:dismissed()
    end

    local function render()
      ui.show{ id = "countdown.label", text = string.format("%s %ds", label, remaining) }
    end

    local function tick()
      if done then return end
      remaining = remaining - 1
      if remaining <= 0 then
        finish()
      else
        ui.update("countdown.label", { text = string.format("%s %ds", label, remaining) })
        app.after(1, tick)
      end
    end

    render()
    ctx:presented()
    if remaining <= 0 then finish() else app.after(1, tick) end

    finishers[ctx.templateName] = finish  -- for onClose
  end,
  onClose = function(ctx)
    local finish = finishers[ctx.templateName]
    finishers[ctx.templateName] = nil
    if finish then finish() else ctx:dismissed() end
  end,
}
