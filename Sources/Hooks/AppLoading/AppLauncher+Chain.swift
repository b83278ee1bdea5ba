import Engine
import JSON

/// One stage over every plugin, one after the other, as `PluginsManager+HookHandler` chains them.
extension AppLauncher {
    /// The launch's plugins in the SDK's order: the collected types in their order, each in
    /// registration order; a plugin of another type, or whose creation fails, is skipped.
    func makeInstances() -> [(id: String, adapter: any AppLoadingHookAdapter)] {
        var byType: [String: [(String, any AppLoadingHookAdapter)]] = [:]
        for id in order {
            guard let factory = factories[id] else { continue }
            let model = manager.plugins[id] ?? PluginModel(identifier: id, type: factory.type)
            let type = model.type ?? factory.type
            guard AppLauncher.collectedTypes.contains(type) else {
                skip(id, "type '\(type)' is not one the SDK collects app-loading hooks from (\(AppLauncher.collectedTypes.joined(separator: ", ")))")
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
        self.stage = stage
        waitingFor = id
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
        if timeout > 0 {
            engine.clock.after(timeout) { [weak self] in
                guard let self, !completed, self.generation == generation else { return }
                self.engine.transcript.record("error", ["message": .string(
                    "app-loading hook '\(id)' (\(stage.rawValue)) did not complete after \(HookManager.seconds(timeout))s")])
                finish("timeout")
            }
        }
        engine.clock.after(0) { [weak self] in
            guard let self, self.generation == generation, !completed else { return }
            do { try adapter.execute(stage, argument: argument) { finish(nil) } } catch {
                self.engine.recordError(error, source: "app-loading hook '\(id)' \(stage.rawValue)")
                finish(HookManager.message(error))
            }
        }
    }
}
