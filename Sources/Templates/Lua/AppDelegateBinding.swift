import Engine
import JSON
import LuaRuntime

/// `app.delegate{shouldShow =, didShow =, buttonTapped =, dismissed =, shouldHandleURL =}`:
/// the app's in-app callbacks written in Lua (`app.delegate(nil)` removes them).
///
/// Each callback runs as a protected call of the engine's state, under its limits: an error,
/// a runaway loop stopped by the instruction or time limit, or a `coroutine.yield` (a yield
/// across the C boundary) is an `error` event naming the callback, and the SDK's default applies.
enum AppDelegateBinding {
    static func install(system: TemplatesSystem, engine: Engine, app: LuaTable, state: LuaState) {
        unowned let system = system
        app["delegate"] = .function(state.function("delegate") { args in
            switch args[1] {
            case .nil:
                system.controller.appDelegate = nil
                return []
            case .table(let table):
                try TemplatesModule.Tables.appDelegate.check(table, argument: 1, of: args)
                system.controller.appDelegate = try make(table, state: args.state)
                return []
            default:
                throw args.argumentError(1, "table expected, got \(args[1].typeName)")
            }
        })
    }

    /// The delegate of a table of functions (its keys checked against
    /// `TemplatesModule.Tables.appDelegate`); a non-function is an error.
    static func make(_ table: LuaTable, state: LuaState) throws(LuaError) -> InAppAppDelegate {
        var functions: [String: LuaFunction] = [:]
        for (key, value) in table.pairs {
            guard case .string(let name) = key else { continue }   // refused by the shape before
            guard case .function(let f) = value else {
                throw .callback(message: "app.delegate: \(name) must be a function, got \(value.typeName)")
            }
            functions[name.description] = f
        }
        let delegate = InAppAppDelegate()
        func lua(_ json: JSONValue, _ f: LuaFunction) throws -> LuaValue { try f.state.luaValue(json) }
        if let f = functions["shouldShow"] {
            delegate.shouldShow = { n, extras in try f.call(lua(n.json, f), lua(.object(extras), f)).first?.isTruthy ?? false }
        }
        if let f = functions["didShow"] { delegate.didShow = { n in try f.call(lua(n.json, f)) } }
        if let f = functions["buttonTapped"] { delegate.buttonTapped = { kv in try f.call(lua(.object(kv), f)) } }
        if let f = functions["dismissed"] {
            delegate.dismissed = { n, extras, actionExtras in try f.call(lua(n.json, f), lua(.object(extras), f), lua(.object(actionExtras), f)) }
        }
        if let f = functions["shouldHandleURL"] {
            delegate.shouldHandleURL = { url in try f.call(.string(LuaString(url)), .string(LuaString("CleverTapInAppNotification"))).first?.isTruthy ?? false }
        }
        return delegate
    }
}
