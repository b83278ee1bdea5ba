import JSON
import LuaRuntime

/// A presenter written in Lua: `{onPresent = function(ctx) end, onClose = function(ctx) end}`.
///
/// The context reaches Lua as a `TemplateContext` userdata (methods `string`, `number`,
/// `integer`, `boolean`, `dictionary`, `file`, `triggerAction`, `presented`, `dismissed`;
/// read-only property `templateName`), made in the state the functions live in.
public final class LuaTemplatePresenter: TemplatePresenter {
    let present: LuaFunction
    let close: LuaFunction?

    public init(onPresent: LuaFunction, onClose: LuaFunction?) {
        present = onPresent
        close = onClose
    }

    /// Reads `{onPresent=, onClose=}` (onPresent required).
    public convenience init?(table: LuaTable) {
        guard case .function(let p) = table["onPresent"] else { return nil }
        self.init(onPresent: p, onClose: table["onClose"].functionValue)
    }

    public func onPresent(context: CustomTemplateContext) throws {
        try present.call(TemplateContextBinding.wrap(context, in: present.state))
    }

    public func onClose(context: CustomTemplateContext) throws {
        guard let close else { return }
        try close.call(TemplateContextBinding.wrap(context, in: close.state))
    }
}

/// The `TemplateContext` userdata class.
enum TemplateContextBinding {
    static func register(in state: LuaState) {
        state.register(CustomTemplateContext.self, name: "TemplateContext") { c in
            // The getters push straight onto the Lua stack: they are the presenters' hot path.
            c.method("string", pushing: { ctx, args, results in
                guard case .string(let s)? = ctx.value(try args.string(2)) else { return try results.pushNil() }
                try results.push(s)
            })
            // Numbers and booleans are one NSNumber in the SDK (`numberNamed:` returns the value,
            // `boolNamed:` its `boolValue`): a boolean override of a number argument reads as 1/0,
            // a number override of a boolean argument as true when non-zero.
            c.method("number", pushing: { ctx, args, results in
                switch ctx.value(try args.string(2)) {
                case .integer(let i)?: try results.push(i)
                case .double(let d)?: try results.push(d)
                case .bool(let b)?: try results.push(Int64(b ? 1 : 0))
                default: try results.pushNil()
                }
            })
            c.method("integer", pushing: { ctx, args, results in
                switch ctx.value(try args.string(2)) {
                case .integer(let i)?: try results.push(i)
                case .double(let d)? where d.isFinite && abs(d) < 9.2e18: try results.push(Int64(d.rounded(.towardZero)))
                case .bool(let b)?: try results.push(Int64(b ? 1 : 0))
                default: try results.pushNil()
                }
            })
            c.method("boolean", pushing: { ctx, args, results in
                switch ctx.value(try args.string(2)) {
                case .bool(let b)?: try results.push(b)
                case .integer(let i)?: try results.push(i != 0)
                case .double(let d)?: try results.push(d != 0)
                default: try results.pushNil()
                }
            })
            c.method("dictionary") { ctx, args in
                guard let d = ctx.dictionary(try args.string(2)) else { return [.nil] }
                return [try args.state.luaValue(.object(d))]
            }
            c.method("file", pushing: { ctx, args, results in
                guard let path = ctx.file(try args.string(2)) else { return try results.pushNil() }
                try results.push(path)
            })
            c.method("triggerAction") { ctx, args in
                ctx.triggerAction(try args.string(2))
                return []
            }
            c.method("presented") { ctx, _ in
                ctx.presented()
                return []
            }
            c.method("dismissed") { ctx, _ in
                ctx.dismissed()
                return []
            }
            // A property, read when a script asks for it: not a field table made per in-app
            // (a Swift dictionary, a Lua table and its string per presentation: ~3.5k instructions).
            c.property("templateName") { ctx in .string(LuaString(ctx.templateName)) }
        }
    }

    static func wrap(_ context: CustomTemplateContext, in state: LuaState) -> LuaValue {
        register(in: state)
        return state.wrap(context)
    }
}

