import CLuaSupport
@_spi(RawLua) import LuaRuntime

/// The tables the Lua `json` module reads: the options of `json.decode` and `json.encode`.
///
/// The module's functions are C (`ctl_json_module.c`); before reading a table of options they
/// call the check installed by `LuaState.installJSONModule()`, which holds it to these shapes.
public enum JSONModule {
    public static let decodeOptions = LuaTableShape("json.DecodeOptions", example: "json.decode('{}', TABLE)", fields: [
        .init("rejectDuplicates?", "boolean"), .init("maxDepth?", "integer"),
    ])
    public static let encodeOptions = LuaTableShape("json.EncodeOptions", example: "json.encode({}, TABLE)", fields: [
        .init("indent?", "integer"), .init("sort?", "boolean"), .init("maxDepth?", "integer"),
    ])
    /// Every table the module reads.
    public static let tables = [decodeOptions, encodeOptions]

    /// Installs the option check the C functions call with (function name, position, table).
    static func installOptionCheck(in state: LuaState) {
        let check = state.function("json options") { args in
            let function = try args.string(1)
            let shape = function == "decode" ? decodeOptions : encodeOptions
            try shape.check(try args.table(3), function: function, position: Int(try args.integer(2)))
            return []
        }
        state.rawPush(.function(check))
        ctl_json_set_option_check(state.rawState)
    }
}
