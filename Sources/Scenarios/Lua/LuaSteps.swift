import Engine
import JSON
import LuaRuntime

/// Steps in a `.lua` scenario, as test runners have tests: `step(name, fn)` registers a step;
/// `step.skip(name, [reason], fn)`, `step.todo(name, [reason])` and `step.only(name, fn)` mark one.
/// The script's own code runs first (its setup); then the steps run in order, each with its failure
/// (the first failing step ends the scenario, as in a JSON scenario). When any step is marked
/// `only`, the other steps are skipped. A script that registers no step is one step, as before.
/// Written in Lua; `step` is a global of the scenario file only (not of the scripts it loads).
enum LuaSteps {
    /// What running the steps gave: their marks and the first failure (nil: every step that ran passed).
    struct Outcome {
        var marks: [ScenarioMark] = []
        var failure: ScenarioFailure?
    }

    /// Makes the `step` table (callable) and the function that runs the registered steps. The table
    /// goes into the scenario chunk's own environment (a sandbox's global would be a read-only view
    /// of a copy, without its `__call`).
    static func make(on engine: Engine) throws -> (step: LuaValue, run: LuaFunction)? {
        let made = try engine.lua.run(source, name: "=step")
        guard made.count == 2, case .function(let run) = made[1] else { return nil }
        return (made[0], run)
    }

    /// Runs the registered steps (`run`, from ``make(on:)``) and reads what happened.
    static func run(_ run: LuaFunction, on engine: Engine, eventIndex: () -> Int?) throws -> Outcome {
        defer { engine.settle() }
        guard case .table(let list)? = try run.call(arguments: []).first else { return Outcome() }
        var outcome = Outcome()
        var index = 0
        while case .table(let entry) = list[.integer(Int64(index + 1))] {
            let name = entry["name"].stringText ?? "step \(index + 1)"
            let reason = entry["reason"].stringText ?? ""
            switch entry["status"].stringText {
            case "skip": outcome.marks.append(ScenarioMark(kind: .skip, step: index, reason: Self.label(name, reason)))
            case "todo": outcome.marks.append(ScenarioMark(kind: .todo, step: index, reason: Self.label(name, reason)))
            case "failed":
                outcome.failure = ScenarioFailure(step: index, message: "step \(JSONWriter.quote(name)): " + (entry["error"].stringText ?? "failed"),
                                                  eventIndex: eventIndex())
            default: break
            }
            index += 1
        }
        return outcome
    }

    /// `"relaunch keeps the queue": flaky`: the step's name, then the reason.
    static func label(_ name: String, _ reason: String) -> String {
        JSONWriter.quote(name) + (reason.isEmpty ? "" : ": " + reason)
    }

    static let source = #"""
local steps = {}

local function register(status, name, ...)
  if type(name) ~= "string" then error("step: the first argument is the step's name (a string), got " .. type(name), 3) end
  local entry = {name = name, status = status}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "function" then entry.fn = v
    elseif type(v) == "string" then entry.reason = v
    elseif v ~= nil then error("step " .. string.format("%q", name) .. ": expected a function or a reason, got " .. type(v), 3) end
  end
  if entry.fn == nil and status ~= "todo" and status ~= "skip" then
    error("step " .. string.format("%q", name) .. ": missing the function to run", 3)
  end
  steps[#steps + 1] = entry
end

local step = setmetatable({
  skip = function(name, ...) register("skip", name, ...) end,
  todo = function(name, ...) register("todo", name, ...) end,
  only = function(name, ...) register("only", name, ...) end,
}, {__call = function(_, name, ...) register("run", name, ...) end})

local function run()
  local only = false
  for _, s in ipairs(steps) do if s.status == "only" then only = true end end
  local results, failed = {}, false
  for i, s in ipairs(steps) do
    local r = {name = s.name, reason = s.reason}
    if s.status == "skip" or s.status == "todo" then
      r.status = s.status
    elseif only and s.status ~= "only" then
      r.status, r.reason = "skip", "another step is marked only"
    elseif failed then
      r.status = "not run"
    else
      local ok, err = pcall(s.fn)
      if ok then r.status = "passed" else r.status, r.error, failed = "failed", tostring(err), true end
    end
    results[i] = r
  end
  return results
end

return step, run
"""#
}

private extension LuaValue {
    /// The text of a string value (nil otherwise).
    var stringText: String? {
        if case .string(let s) = self { return s.string }
        return nil
    }
}
