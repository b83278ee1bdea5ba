-- The host app's data source for the loan application: a custom component, the stepper
-- header, a loader for uploads, analytics and the process callbacks.

-- LoanCalculator: shows the monthly payment for the amount and months it is given, saves it
-- into the action's request, and refuses amounts above its own limit.
flowx.component("LoanCalculator", {
  populateUI = function(self, data)
    self.rate = data.rate or 0.1
    return {text = "Rate " .. self.rate * 100 .. "%", limit = data.limit}
  end,
  updateUI = function(self, data)
    return {amount = data.amount, months = data.months}
  end,
  saveData = function(self)
    local amount, months = self.data.amount or 0, self.data.months or 1
    local monthly = amount * (1 + self.rate) / months
    return {monthlyPayment = math.floor(monthly * 100 + 0.5) / 100}
  end,
  validate = function(self)
    return (self.data.amount or 0) <= (self.data.limit or math.huge)
  end,
})

flowx.dataSource{
  viewForStepperHeader = function(step)
    return {id = "stepperHeader", text = ("Step %d of %d: %s"):format(step.step, step.totalSteps, step.stepTitle)}
  end,
  customLoader = function(loader)
    if loader.type == "upload" then return {id = "uploadSpinner", text = "Uploading " .. loader.name} end
    return nil   -- the renderer's own loader for the rest
  end,
  errorReceivedForAction = function(name) app.log("could not run " .. name) end,
  -- The user tapped the close button of a modal process. As in the SDK, the renderer closes
  -- nothing: the app asks for a confirmation and stops the process only when the user leaves.
  dismissRequested = function(process)
    app.log("close requested " .. process)
    ui.show{id = "confirmLeave", text = "Leave " .. process .. "?", onTap = function()
      ui.hide("confirmLeave") ui.hide("confirmStay")
      flowx.stopProcess(process)
    end}
    ui.show{id = "confirmStay", text = "Stay", onTap = function()
      ui.hide("confirmLeave") ui.hide("confirmStay")
    end}
  end,
  -- A START_PROJECT action started another process: presenting it is the app's job.
  newProcessStarted = function(uuid)
    app.log("started " .. uuid)
    flowx.continueExistingProcess(uuid)
  end,
}

-- Analytics: forward to the app's tracker (here, the transcript).
flowx.onEvent(function(event)
  app.log(("analytics %s %s"):format(event.kind, event.value))
end)
