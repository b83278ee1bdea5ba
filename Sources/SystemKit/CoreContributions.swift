import Engine
import JSON

/// What the engine itself brings, beside the systems: the core modules, event types and REPL
/// command names (the core steps and expectation keys live with the scenario runner).
public enum CoreContributions {
    /// The modules every engine has.
    public static let modules: [LuaModuleInfo] = [
        LuaModuleInfo(name: "json", summary: "JSON decode/encode over jansson, with paths and positions in errors",
                      typesFile: "types/json.lua", tables: JSONModule.tables),
        LuaModuleInfo(name: "app", summary: "the simulated app: virtual clock, timers, scripts, relaunch, transcript, taps",
                      typesFile: "types/app.lua"),
        LuaModuleInfo(name: "ui", summary: "the headless UI: views with ids and properties, taps",
                      typesFile: "types/ui.lua"),
    ]

    /// Event types the engine records itself.
    public static let eventTypes: [EventType] = [
        EventType("ui.show", fields: ["id", "props..."], meaning: "a view was shown (`ui.show`), with its properties"),
        EventType("ui.update", fields: ["id", "props..."], meaning: "a shown view's properties changed (`ui.update`)"),
        EventType("ui.hide", fields: ["id"], meaning: "a view was hidden (`ui.hide`, or every view of the old launch on a relaunch)"),
        EventType("ui.tap", fields: ["id", "(coveredBy)", "(passThrough)"],
                  meaning: "a view was tapped (`tap` step, `app.tap`); `coveredBy`: an app view under what a system shows over the app (an experience's backdrop, content or target), which got the tap only with `passThrough`"),
        EventType("log", fields: ["message"], meaning: "`print` or `app.log` in a script"),
        EventType("error", fields: ["message", "(traceback)"],
                  meaning: "a script error on the run loop (timer, tap, presenter) or a warning; fails the scenario unless an `events` pattern names it"),
        EventType("warning", fields: ["message", "system", "(file)", "(path)", "(ignored)", "(didYouMean)"],
                  meaning: "input the SDK ignores or drops without a word (a `vars` key no argument reads, a template name nothing defines, a validator name nothing answers...): the run goes on as on a device; `file` and `path` say where, `ignored` what, `didYouMean` the closest known name; printed by `ctlua run` (standard error) and `ctlua test` (`WARN` lines), listed by every reporter; fails the scenario only under `ctlua test --strict` or `\"strict\": true`"),
        EventType("app.relaunched", fields: ["launch"], meaning: "the app was relaunched (`relaunch` step, `app.relaunch`); `launch` counts from 1"),
    ]

    /// The REPL's own commands (systems may not reuse these names).
    public static let replCommandNames = ["help", "h", "?", "quit", "q", "exit", "load", "l", "reset", "events", "e", "ui", "screen", "echo"]
}
