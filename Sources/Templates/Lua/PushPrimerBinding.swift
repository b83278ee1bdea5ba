import Engine
import JSON
import LuaRuntime

/// `app.promptPushPrimer{...}`, `app.promptForPushPermission(fallback)` and the device options
/// of `app.configure` that native in-apps read (`online`, `landscape`, `pushStatus`, `pushAnswer`).
enum PushPrimerBinding {
    static func install(system: TemplatesSystem, engine: Engine, app: LuaTable, templates: LuaTable, state: LuaState) {
        unowned let system = system
        unowned let engine = engine
        app["promptPushPrimer"] = .function(state.function("promptPushPrimer") { args in
            try TemplatesModule.Tables.pushPrimer.check(argument: 1, of: args)
            let options: JSONObject
            do { options = try args.state.jsonValue(try .table(args.table(1))).objectValue ?? [:] } catch let error as LuaError {
                throw error
            } catch { throw LuaError.callback(message: "app.promptPushPrimer: \(error)") }
            try engine.retain(JSONValue.object(options).estimatedSize)
            let local = try localInApp(options) { args.argumentError(1, $0) }
            system.campaigns.promptPushPrimer(local.settings)
            engine.settle()
            return []
        })
        do {
            templates["jsBridge"] = .function(state.function("jsBridge") { args in
                let message: JSONValue
                do { message = try args.state.jsonValue(try .table(args.table(1))) } catch let error as LuaError { throw error } catch {
                    throw LuaError.callback(message: "templates.jsBridge: \(error)")
                }
                try engine.retain(message.estimatedSize)
                system.jsBridge(message.objectValue ?? [:])
                engine.settle()
                return []
            })
        }
        app["promptForPushPermission"] = .function(state.function("promptForPushPermission") { args in
            system.campaigns.promptForPushPermission(fallbackToSettings: args[1].boolValue ?? false)
            engine.settle()
            return []
        })
    }

    /// Builds the local in-app of a `promptPushPrimer` table; `fail` makes the error to throw.
    static func localInApp(_ o: JSONObject, fail: (String) -> any Error) throws -> LocalInApp {
        // The keys of the `CTLocalInApp` initializer and setters (a Lua table was checked before).
        let keys = TemplatesModule.Tables.pushPrimer.keys
        for key in o.keys.sorted() where !keys.contains(key) {
            throw fail(NameSuggestion.unknownKey(key, known: keys, quote: JSONWriter.quote))
        }
        let kindName = o["inAppType"]?.stringValue ?? "alert"
        let kind: LocalInApp.Kind
        switch kindName {
        case "alert", "alert-template": kind = .alert
        case "half-interstitial", "halfInterstitial": kind = .halfInterstitial
        default: throw fail("inAppType must be \"alert\" or \"half-interstitial\", got \"\(kindName)\"")
        }
        func text(_ key: String) throws -> String {
            guard let s = o[key]?.stringValue else { throw fail("\(key) (a string) is required") }
            return s
        }
        var local = LocalInApp(kind: kind, titleText: try text("titleText"), messageText: try text("messageText"),
                               followDeviceOrientation: o["followDeviceOrientation"]?.boolValue ?? false,
                               positiveBtnText: try text("positiveBtnText"), negativeBtnText: try text("negativeBtnText"))
        if let on = o["fallbackToSettings"]?.boolValue { local.setFallbackToSettings(on) }
        let setters: [(String, (inout LocalInApp, String) -> Void)] = [
            ("backgroundColor", { $0.setBackgroundColor($1) }), ("titleTextColor", { $0.setTitleTextColor($1) }),
            ("messageTextColor", { $0.setMessageTextColor($1) }), ("btnBorderRadius", { $0.setBtnBorderRadius($1) }),
            ("btnTextColor", { $0.setBtnTextColor($1) }), ("btnBorderColor", { $0.setBtnBorderColor($1) }),
            ("btnBackgroundColor", { $0.setBtnBackgroundColor($1) }),
        ]
        for (key, set) in setters { if let v = o[key]?.stringValue { set(&local, v) } }
        if let url = o["imageUrl"]?.stringValue { local.setImageUrl(url, contentDescription: o["altText"]?.stringValue) }
        return local
    }

    /// `app.configure{online =, landscape =, pushStatus =, pushAnswer =}`.
    static func configure(_ system: TemplatesSystem, _ options: JSONObject, fail: (String) -> any Error) throws {
        if let online = options["online"]?.boolValue { system.campaigns.isOnline = online }
        if let landscape = options["landscape"]?.boolValue { system.controller.isLandscape = landscape }
        if let answer = options["pushAnswer"]?.boolValue { system.campaigns.pushAnswer = answer }
        if let names = options["discardedEvents"] {
            // An empty Lua table is the empty list (it has no keys to tell an array from an object).
            let list = names.objectValue?.isEmpty == true ? [] : names.arrayValue
            guard let list, list.allSatisfy({ $0.stringValue != nil }) else {
                throw fail("discardedEvents must be a list of event names")
            }
            system.campaigns.validation.discardedEventNames = list.compactMap(\.stringValue)
        }
        if let value = options["pushStatus"] {
            guard let status = value.stringValue.flatMap(PushStatus.init(rawValue:)) else {
                throw fail("pushStatus must be one of \(PushStatus.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            system.campaigns.pushStatus = status
        }
    }
}
