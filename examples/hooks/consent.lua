-- A consent (CMP) plugin as an app-loading hook, after Zapp-Frameworks' OneTrust and Didomi
-- plugins (`executeOnLaunch`): on launch it shows its banner and holds the launch until the user
-- answers (the SDK waits for its completion: no timeout); once the root is presented
-- (`executeAfterAppRootPresentation`) it hands the answer to the other plugins.
local consent = {answer = nil}

hooks.appLoadingPlugin{
  identifier = "consent",
  type = "general",
  executeOnLaunch = function(self, done)
    local config = self.pluginModel.general  -- `general.fields` initial values, overridden by configuration_json
    if consent.answer ~= nil or not config.present_on_startup then
      done()
      return
    end
    local function answer(value)
      return function()
        consent.answer = value
        ui.hide("consent-banner") ui.hide("consent-accept") ui.hide("consent-reject")
        app.log("consent: " .. value)
        done()
      end
    end
    ui.show{id = "consent-banner", text = config.banner_text}
    ui.show{id = "consent-accept", text = "Accept", onTap = answer("accepted")}
    ui.show{id = "consent-reject", text = "Reject", onTap = answer("rejected")}
  end,
  executeAfterAppRootPresentation = function(self, done)
    app.log("consent: shared " .. tostring(consent.answer))
    done()
  end,
  -- A deep link while the app runs: the consent plugin lets it through.
  executeOnContinuingUserActivity = function(self, activity, done)
    app.log("consent: activity " .. tostring(activity.activityType))
    done()
  end,
}
