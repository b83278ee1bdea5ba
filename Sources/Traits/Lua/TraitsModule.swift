import Foundation
import Engine
import JSON
import LuaRuntime

/// The Lua `traits` module: register traits, make views and errors, show, page, dismiss and
/// retry experiences, read what is shown.
enum TraitsModule {
    static func make(system: TraitsSystem, engine: Engine, state: LuaState) throws -> LuaValue {
        // Captured unowned: the functions live in the engine's Lua state (see TemplatesModule).
        unowned let system = system
        unowned let engine = engine
        // What scripts hand to views, metadata and observers stays in Swift: charged to the cap.
        TraitBindings.register(in: state, retain: { [unowned engine] in try engine.retain($0) })
        // `traits.error` is the prelude's: it checks its table with this (a bad argument of 'error').
        let checkError = state.function("error") { args in
            try Tables.error.check(try args.table(1), argument: 1, of: args)
            return []
        }
        let prelude = try state.load(StandardTraits.prelude, name: "=traits").call(.function(checkError))
        guard prelude.count == 3, case .function(let newError) = prelude[0], case .table(let errorMeta) = prelude[1],
              case .function(let newInstance) = prelude[2] else {
            throw LuaError.callback(message: "traits: the module prelude did not load")
        }
        let module = state.newTable()
        func fail(_ message: String) -> LuaError { .callback(message: "traits: \(message)") }

        module["register"] = .function(state.function("register") { args in
            let definition = try args.table(1)
            try Tables.trait.check(definition, argument: 1, of: args)
            guard case .string(let typeName) = definition["type"] else {
                throw args.argumentError(1, "field 'type' must be a string, got \(definition["type"].typeName)")
            }
            let type = typeName.string
            try engine.retain(128 + typeName.bytes.count)   // the registry keeps the type and its factory
            for name in ["init", "decorateStep", "createContainer", "decorateContainer", "undecorateContainer", "createWrapper",
                         "getBackdrop", "decorateBackdrop", "undecorateBackdrop", "present", "remove"] {
                let value = definition[name]
                if !value.isNil, value.functionValue == nil {
                    throw args.argumentError(1, "field '\(name)' must be a function, got \(value.typeName)")
                }
            }
            let registered = system.registry.register(type: type) { [unowned engine] configuration in
                let state = definition.state
                let fields = state.newTable()
                fields["type"] = .string(LuaString(type))
                fields["level"] = .string(LuaString(configuration.level.rawValue))
                if let config = configuration.config { fields["config"] = try state.luaValue(config) }
                guard case .table(let instance)? = try newInstance.call(.table(definition), .table(fields)).first else { return nil }
                let trait = LuaTrait(type: type, level: configuration.level, definition: definition, instance: instance, errorMeta: errorMeta)
                trait.onRemoveError = { error in engine.recordError(error, source: "trait \(type): remove") }
                let (keep, why) = try trait.initialize()
                if let why {
                    // The SDK's `try? configuration.decode(...)`: the trait is dropped, or keeps its defaults, without a word.
                    engine.transcript.warn(Warning(system: "traits", "trait '\(type)' (\(configuration.level.rawValue) level) "
                        + (keep ? "ignores its config, as the SDK does, and keeps its defaults: " : "is dropped, as the SDK drops it: ") + why))
                }
                return keep ? trait : nil
            }
            return [.boolean(registered)]
        })
        module["view"] = .function(state.function("view") { args in [try TraitBindings.makeView(args, retain: engine.retain)] })
        module["error"] = .function(newError)
        module["show"] = .function(state.function("show") { args in
            let reader: JSONReader
            switch args[1] {
            case .string(let text):
                let trimmed = text.string.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.hasPrefix("{"), trimmed.lowercased().hasSuffix(".json") {
                    throw fail("show: '\(trimmed)' is a file name: traits.show takes an experience table or JSON text; only the `show` step reads files ({\"show\": {\"experience\": \"\(trimmed)\"}})")
                }
                do { reader = try JSONReader(file: nil, bytes: Array(text.string.utf8)) } catch { throw fail("show: \(error)") }
            case .table:
                // An empty Lua table where the SDK expects an array is an empty array.
                do { reader = JSONReader(value: LuaEmptyTables.experience(try args.state.jsonValue(args[1])), emptyObjectIsArray: true) } catch {
                    throw fail("show: \(error)")
                }
            default: throw args.argumentError(1, "experience table or JSON text expected, got \(args[1].typeName)")
            }
            try engine.retain(reader.document.value.estimatedSize)   // the renderer keeps the experience it shows
            let group = try index(args, 2, "group")
            let step = try index(args, 3, "step")
            var trigger = "show_call", published = true
            var priority: String?
            var strict: Bool?
            var experiment: Experiment?
            if !args[4].isNil {
                let options = try args.table(4)
                try Tables.showOptions.check(options, argument: 4, of: args)
                if case .boolean(let s) = options["strict"] { strict = s }
                if case .table(let t) = options["experiment"] {
                    do { experiment = try Experiment.decode(try args.state.jsonValue(.table(t))) } catch {
                        throw args.argumentError(4, "experiment: \(error)")
                    }
                }
                if case .string(let t) = options["trigger"] { trigger = t.string }
                if case .boolean(let p) = options["published"] { published = p }
                if case .string(let p) = options["priority"] {
                    guard p.string == "normal" || p.string == "low" else { throw args.argumentError(4, "priority must be 'normal' or 'low'") }
                    priority = p.string
                }
            }
            do {
                return [.boolean(try system.show(reader, group: group, step: step, trigger: trigger, published: published, priority: priority,
                                                  strict: strict, experiment: experiment))]
            } catch let error as LocatedProblem {
                throw fail("show: invalid experience: \(error)")
            } catch let error as TraitsUsageError {
                throw fail("show: \(error)")
            }
        })
        module["strict"] = .function(state.function("strict") { args in   // traits.strict([on]) → the former setting
            let former = system.renderer.strictDecoding
            if !args[1].isNil { system.renderer.strictDecoding = try args.boolean(1) }
            return [.boolean(former)]
        })
        module["page"] = .function(state.function("page") { args in
            let page = try args.integer(1)
            do { try system.renderer.page(Int(clamping: max(page, -1 << 32) - 1)) } catch let error as TraitsUsageError { throw fail("page: \(error)") }
            engine.settle()
            return []
        })
        module["dismiss"] = .function(state.function("dismiss") { args in   // traits.dismiss([context])
            let context = try args.optionalString(1)
            let dismissed = system.renderer.dismiss(in: context)
            engine.settle()
            return [.boolean(dismissed)]
        })
        module["retry"] = .function(state.function("retry") { _ in
            let retried = system.renderer.retry()
            engine.settle()
            return [.boolean(retried)]
        })
        module["current"] = .function(state.function("current") { args in   // traits.current([context])
            let context = try args.optionalString(1)
            guard let current = context.map(system.currentJSON(in:)) ?? system.currentJSON else { return [.nil] }
            return [try args.state.luaValue(current)]
        })
        module["experiences"] = .function(state.function("experiences") { args in   // every render context's experience
            [try args.state.luaValue(system.experiencesJSON)]
        })
        module["tap"] = .function(state.function("tap") { args in
            let id = try args.string(1)
            let roots = system.renderer.visiblePresentations.map(\.package.wrapper)
            guard !roots.isEmpty else { throw fail("tap: no experience is shown") }
            guard let view = system.renderer.componentView(id) ?? roots.lazy.compactMap({ $0.find(id) }).first else {
                throw fail("tap: no view '\(id)' in the shown experience")
            }
            engine.transcript.record("ui.tap", ["id": .string(id)])
            try view.onTap?()
            engine.settle()
            return []
        })
        module["appViews"] = .function(state.function("appViews") { args in
            var views: [JSONValue] = []
            for (id, view) in engine.ui.views {
                var object = view.properties
                object["id"] = .string(id)
                views.append(.object(object))
            }
            return [try args.state.luaValue(.array(views))]
        })
        module["tooltipLayout"] = .function(state.function("tooltipLayout") { args in try tooltipLayout(args) })
        module["registered"] = .function(state.function("registered") { args in
            [.table(args.state.newArray(system.registry.types.map { .string(LuaString($0)) }))]
        })
        module["builtins"] = .function(state.function("builtins") { args in
            [.table(args.state.newArray(StandardTraits.types.map { .string(LuaString($0)) }))]
        })
        return .table(module)
    }

    /// An optional 1-based index argument, as a 0-based Int.
    static func index(_ args: LuaArguments, _ i: Int, _ name: String) throws -> Int {
        if args[i].isNil { return 0 }
        let value = try args.integer(i)
        guard value >= 1, value <= Int64(Int32.max) else { throw args.argumentError(i, "\(name) index must be ≥ 1, got \(value)") }
        return Int(value - 1)
    }
}
