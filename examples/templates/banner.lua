-- Banner: a CleverTap custom code template with a title, a message, a hero
-- image (a file argument) and three buttons whose behaviour the campaign
-- decides (each is an action argument: close, url, kv or custom-code).
--
-- Views (ids): banner.title, banner.message, banner.image,
--              banner.open, banner.close, banner.more
--
-- Also defines "Survey", a visual app function that a button can spawn
-- (`{"actions": {"type": "custom-code", "templateName": "Survey", ...}}`):
-- it goes to the front of the in-app queue and shows once the banner is gone.

local VIEWS = { "banner.title", "banner.message", "banner.image", "banner.open", "banner.close", "banner.more" }

local function hideAll(ids)
  for _, id in ipairs(ids) do
    if ui.find(id) then ui.hide(id) end
  end
end

templates.define{
  name = "Banner",
  type = "template",
  arguments = {
    { "title", "Hello" },
    { "message", "Welcome back" },
    { "image", templates.file },
    { "buttons.open", templates.action },   -- typically a url action
    { "buttons.close", templates.action },  -- typically a close action
    { "buttons.more", templates.action },   -- typically a custom-code action (an app function)
  },
  onPresent = function(ctx)
    ui.show{ id = "banner.title", text = ctx:string("title") }
    ui.show{ id = "banner.message", text = ctx:string("message") }
    -- the local path of the downloaded file (nil when the campaign sends none)
    ui.show{ id = "banner.image", image = ctx:file("image") }
    ui.show{ id = "banner.open", text = "Open", onTap = function() ctx:triggerAction("buttons.open") end }
    ui.show{ id = "banner.close", text = "Close", onTap = function() ctx:triggerAction("buttons.close") end }
    ui.show{ id = "banner.more", text = "More", onTap = function() ctx:triggerAction("buttons.more") end }
    ctx:presented()
  end,
  -- a close action (a button, or `templates.close()` / the `close` step)
  onClose = function(ctx)
    hideAll(VIEWS)
    ctx:dismissed()
  end,
}

templates.define{
  name = "Survey",
  type = "function",
  visual = true,
  arguments = {
    { "question", "How did we do?" },
  },
  onPresent = function(ctx)
    ui.show{ id = "survey.question", text = ctx:string("question") }
    ui.show{ id = "survey.done", text = "Done", onTap = function()
      hideAll{ "survey.question", "survey.done" }
      ctx:dismissed()
    end }
    ctx:presented()   -- does nothing when the survey was spawned by an action (SDK rule)
  end,
  onClose = function(ctx)
    hideAll{ "survey.question", "survey.done" }
    ctx:dismissed()
  end,
}
