import Engine
import JSON

/// One stage over every plugin, one after the other, as `PluginsManager+HookHandler` chains them.
extension AppLauncher {
    /// The launch's plugins in the SDK's order (`PluginsManager.retrieveHooksPlugins()`: the
    /// analytics, push, general and crash-log managers' `hooksProviders()`): the collected types
    /// in their order, each in registration order. As `hooksProviders()` keeps only providers
    /// whose model has `api.require_startup_execution: true`, a plugin whose manifest lacks it,
    /// one of another type, one absent from the loaded plugin configurations, or whose creation
    /// fails, is skipped (`apphook.skipped`; the first three also a `warning`: the SDK says nothing).
    func makeInstances() -> [(id: String, adapter: any AppLoadingHookAdapter)] {
        var byType: [String: [(String, any AppLoadingHookAdapter)]] = [:]
        let configured = !manager.plugins.isEmpty
        // The identifiers a misspelt registration may mean, computed once (a launch may skip
        // thousands); suggested for the first warnings only, as the transcript keeps no more.
        lazy var known = manager.plugins.values.filter(\.requireStartupExecution).map(\.identifier).sorted()
        var warnings = 0
        for id in order {
            guard let factory = factories[id] else { continue }
            let model: PluginModel
            if let found = manager.plugins[id] {
                model = found
            } else if configured {
                warnings += 1
                warnSkipped(id, "is not in the loaded plugin configurations (plugin_configurations.json, setup.plugins)",
                            reason: "not in the plugin configurations", known: warnings <= 100 ? known : [])
                continue
            } else {
                // No plugin configurations at all: a minimal model, as if the manifest declared
                // the plugin an app-loading hook of the registered type (a convenience for small tests).
                model = AppLauncher.minimalModel(id, type: factory.type)
            }
            guard model.requireStartupExecution else {
                warnSkipped(id, "has no \"api\": {\"require_startup_execution\": true} in its manifest",
                            reason: "not an app-loading hook: its manifest has no api.require_startup_execution: true")
                continue
            }
            let type = model.type ?? ""
            guard AppLauncher.collectedTypes.contains(type) else {
                warnSkipped(id, "is of type '\(type)', not one the SDK collects app-loading hooks from (\(AppLauncher.collectedTypes.joined(separator: ", ")))",
                            reason: "type '\(type)' is not one the SDK collects app-loading hooks from")
                continue
            }
            do {
                guard let adapter = try factory.make(model) else {
                    skip(id, "init failed")
                    continue
                }
                byType[type, default: []].append((id, adapter))
            } catch {
                engine.recordError(error, source: "app-loading hook '\(id)' init")
                skip(id, "init failed: \(HookManager.message(error))")
            }
        }
        return AppLauncher.collectedTypes.flatMap { byType[$0] ?? [] }.map { (id: $0.0, adapter: $0.1) }
    }

    /// The model of an app-loading plugin registered when no plugin configurations are loaded.
    static func minimalModel(_ id: String, type: String) -> PluginModel {
        PluginModel(identifier: id, type: type, manifest: [
            "identifier": .string(id), "type": .string(type), "api": ["require_startup_execution": true],
        ])
    }

    private func warnSkipped(_ id: String, _ why: String, reason: String, known: [String] = []) {
        engine.transcript.warn(Warning(system: "hooks", "app-loading hook '\(id)' \(why): the SDK does not run it",
                                       ignored: id, known: known))
        skip(id, reason)
    }

    private func skip(_ id: String, _ reason: String) {
        engine.transcript.record("apphook.skipped", ["identifier": .string(id), "reason": .string(reason)])
    }

    /// Runs `stage` on every plugin that implements it, in order, each at its own turn and after
    /// the previous one completed; then `then`.
    func run(_ stage: AppLoadingStage, argument: JSONValue?, generation: Int, from index: Int = 0, then: @escaping () -> Void) {
        guard self.generation == generation else { return }
        var next = index
        while next < instances.count, !instances[next].adapter.implements(stage) { next += 1 }
        guard next < instances.count else {
            if self.stage == stage {
                self.stage = nil
                waitingFor = nil
            }
            return then()
        }
        let (id, adapter) = instances[next]
        // A user activity's plugins run beside the launch's own stages: they show in the state
        // only when nothing else does.
        if stage != .onContinuingUserActivity || self.stage == nil || self.stage == .onContinuingUserActivity {
            self.stage = stage
            waitingFor = id
        }
        let fields: JSONObject = ["identifier": .string(id), "stage": .string(stage.rawValue)]
        engine.transcript.record("apphook.started", fields)
        var completed = false
        let finish: (_ how: String?) -> Void = { [weak self] how in
            guard let self, self.generation == generation else { return }
            guard !completed else {
                if how == nil { self.engine.transcript.record("apphook.ignored", fields.merging(["reason": "completed twice"]) { $1 }) }
                return
            }
            completed = true
            var done = fields
            if let how { done["error"] = .string(how) }
            self.engine.transcript.record("apphook.completed", done)
            self.engine.clock.after(0) { [weak self] in
                self?.run(stage, argument: argument, generation: generation, from: next + 1, then: then)
            }
        }
        let timeout = manager.timeout
        engine.clock.after(0) { [weak self] in
            guard let self, self.generation == generation, !completed else { return }
            do { try adapter.execute(stage, argument: argument) { finish(nil) } } catch {
                self.engine.recordError(error, source: "app-loading hook '\(id)' \(stage.rawValue)")
                finish(HookManager.message(error))
            }
            // The timeout is armed only for a plugin that did not complete at once (from the same
            // virtual instant): a launch through thousands of plugins leaves no pending timers.
            guard timeout > 0, !completed else { return }
            self.engine.clock.after(timeout) { [weak self] in
                guard let self, !completed, self.generation == generation else { return }
                self.engine.transcript.record("error", ["message": .string(
                    "app-loading hook '\(id)' (\(stage.rawValue)) did not complete after \(HookManager.seconds(timeout))s")])
                finish("timeout")
            }
        }
    }
}
