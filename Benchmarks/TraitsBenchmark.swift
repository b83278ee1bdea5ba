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
    // As the SDK requires it: UUID ids, and each step's traits, actions and content.
    let steps = (3...5).map { n in
        #"{id = "00000000-0000-4000-8000-90000000010\#(n)", type = "modal", traits = {}, actions = {}, "# +
            #"content = {type = "spacer", id = "00000000-0000-4000-8000-90000000060\#(n)"}}"#
    }.joined(separator: ", ")
    return """
        {id = "00000000-0000-4000-8000-900000000101", name = "Bench", type = "mobile", traits = {\(animation)},
         steps = {{id = "00000000-0000-4000-8000-900000000102", type = "group", actions = {},
                   traits = {{type = "@appcues/modal", config = {presentationStyle = "dialog"}}\(extra)},
                   children = {\(steps)}}}}
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
    return try microsecondsPerIteration(engine: engine, code: code, count: count)
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
    return Figure(id: "T1", value: m, baseline: b, unit: "us/show", target: 2,
                  note: "3 steps, 6 traits vs the modal alone")
}

// MARK: - T2: clicking through a 3-group, 6-step experience with actions and analytics

/// A UUID-shaped id for the click-through experience (`…-0000000000NN`).
func traitsBenchID(_ n: Int) -> String { "00000000-0000-4000-8000-" + String(format: "%012d", n) }

/// Three groups of two steps, each a modal dialog; every step's content is a button (id
/// `traitsBenchID(100 + step)`) whose tap runs `@appcues/track` then `@appcues/continue` (the
/// last: `@appcues/close` with `markComplete`), and group 2 has a `navigate` action.
func traitsClickThroughExperience() -> String {
    var groups: [String] = []
    for g in 0..<3 {
        var children: [String] = []
        for i in 0..<2 {
            let step = g * 2 + i
            let button = traitsBenchID(100 + step)
            let last = step == 5
            let move = last ? #"{on = "tap", type = "@appcues/close", config = {markComplete = true}}"#
                            : #"{on = "tap", type = "@appcues/continue", config = {offset = 1}}"#
            children.append("""
                {id = "\(traitsBenchID(10 + step))", type = "modal", traits = {}, actions = {["\(button)"] = {
                   {on = "tap", type = "@appcues/track", config = {eventName = "step \(step)"}}, \(move)}},
                 content = {type = "button", id = "\(button)", content = {type = "text", id = "\(traitsBenchID(200 + step))", text = "Next"}}}
                """)
        }
        let navigate = g == 1 ? #"["\#(traitsBenchID(g + 1))"] = {{on = "navigate", type = "@appcues/track", config = {eventName = "group 2"}}}"# : ""
        groups.append("""
            {id = "\(traitsBenchID(g + 1))", type = "group", traits = {{type = "@appcues/modal", config = {presentationStyle = "dialog"}}},
             actions = {\(navigate)}, children = {\(children.joined(separator: ","))}}
            """)
    }
    return #"{id = "\#(traitsBenchID(99))", name = "Click", type = "mobile", traits = {}, steps = {\#(groups.joined(separator: ","))}}"#
}

/// Microseconds per click-through: show, then six button taps (`withActions`), or the same six
/// moves made directly (`traits.continue()` five times, `traits.close(true)`); both checked to
/// end with the experience completed.
func traitsClickThroughMicroseconds(engine: Engine, withActions: Bool, count: Int) throws -> Double {
    let buttons = (0..<6).map { #""\#(traitsBenchID(100 + $0))""# }.joined(separator: ", ")
    let moves = withActions ? "for _, b in ipairs(buttons) do traits.tap(b) end"
                            : "for _ = 1, 5 do traits.continue() end traits.close(true)"
    let code = """
        local experience = \(traitsClickThroughExperience())
        local buttons = {\(buttons)}
        for i = 1, \(count) do
          assert(traits.show(experience))
          \(moves)
          assert(traits.current() == nil)
        end
        """
    return try microsecondsPerIteration(engine: engine, code: code, count: count)
}

func benchT2(runs: Int) throws -> Figure {
    let engine = try SystemCatalog.standard.makeEngine()
    _ = try traitsClickThroughMicroseconds(engine: engine, withActions: true, count: 3)
    _ = try traitsClickThroughMicroseconds(engine: engine, withActions: false, count: 3)
    let completed = engine.transcript.events.filter { $0["name"]?.stringValue == "appcues:v2:experience_completed" }.count
    guard completed == 6 else { throw BenchError("T2: \(completed) of 6 warm-up click-throughs completed") }
    let count = 50
    let (m, b) = try alternate(runs: runs, measured: {
        try traitsClickThroughMicroseconds(engine: engine, withActions: true, count: count)
    }, baseline: {
        try traitsClickThroughMicroseconds(engine: engine, withActions: false, count: count)
    })
    return Figure(id: "T2", value: m, baseline: b, unit: "us/click-through", target: nil,
                  note: "3 groups, 6 steps: button taps running track + continue/close vs the same moves without actions")
}

/// Runs `code` (a loop of `count` iterations) once in `engine`: microseconds per iteration, loading excluded.
private func microsecondsPerIteration(engine: Engine, code: String, count: Int) throws -> Double {
    let chunk = try engine.lua.load(code, name: "=bench")
    let t0 = now()
    try chunk.call()
    return Double(now() - t0) / 1e3 / Double(count)
}
