import LuaRuntime

/// The closest known name to a name that is not known: the "did you mean" of warnings and of
/// unknown keys. One rule for both: it is ``NameSuggestion`` (module `LuaRuntime`, where the Lua
/// tables' shapes use it), under the name the JSON and warning code knows.
public typealias Spelling = NameSuggestion
