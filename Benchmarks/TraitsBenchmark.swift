import Engine
import Foundation
import LuaRuntime
import SystemKit
import Systems

// MARK: - T1: composing and presenting a 3-step experience with 6 traits

/// A 3-step group with six built-in traits (modal dialog, carousel, paging dots, skippable,
/// backdrop, step transition animation), or with the modal alone (the baseline).
func traitsExperience(sixTraits: Bool) -> String {
    let extra = sixTraits ? """
        , {type = "@appcues/carousel"}, {type = "@appcues/paging-dots"}, {type = "@appcues/skippable"},
          {type = "@appcues/backdrop", config = {backgroundColor = {light = "#0000004d"}}}
        """ : ""
    let animation = sixTraits ? #"{type = "@appcues/step-transition-animation", config = {duration = 200}}"# : ""
    return """
        {id = "bench", name = "Bench", type = "mobile", traits = {\(animation)},
         steps = {{id = "g", type = "group", traits = {{type = "@appcues/modal", config = {presentationStyle = "dialog"}}\(extra)},
                   children = {{id = "a", type = "modal"}, {id = "b", type = "modal"}, {id = "c", type = "modal"}}}}}
        """
}

/// Microseconds per `traits.show` + `traits.dismiss` of the experience, over `count` shows in one
/// engine (the built-in traits are loaded by the warm-up).
func traitsShowMicroseconds(engine: Engine, experience: String, count: Int) throws -> Double {
    let code = """
        local experience = \(experience)
        for i = 1, \(count) do
          assert(traits.show(experience))
          traits.dismiss()
        end
        """
    let chunk = try engine.lua.load(code, name: "=bench")
    let t0 = now()
    try chunk.call()
    return Double(now() - t0) / 1e3 / Double(count)
}

func benchT1(runs: Int) throws -> Figure {
    let engine = try SystemCatalog.standard.makeEngine()
    let six = traitsExperience(sixTraits: true)
    let one = traitsExperience(sixTraits: false)
    _ = try traitsShowMicroseconds(engine: engine, experience: six, count: 5)
    let count = 200
    let (m, b) = try alternate(runs: runs, measured: {
        try traitsShowMicroseconds(engine: engine, experience: six, count: count)
    }, baseline: {
        try traitsShowMicroseconds(engine: engine, experience: one, count: count)
    })
    return Figure(id: "T1", value: m, baseline: b, unit: "us/show", target: nil,
                  note: "3 steps, 6 traits vs the modal alone; no target yet")
}
