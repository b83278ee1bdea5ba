import LuaRuntime

/// The tables the `flowx` module reads, each declared once (`LuaTableShape`): a key they do not
/// declare is an error naming the closest one. Their LuaLS classes are in `types/flowx.lua`.
extension FlowXModule {
    enum Tables {
        static let validatorOptions = LuaTableShape("FlowXValidatorOptions", example: "flowx.validator('v', function() return true end, TABLE)", fields: [
            .init("async?", "boolean"),
        ])
        static let options = LuaTableShape("FlowXOptions", example: "flowx.options(TABLE)", fields: [
            .init("strictValidators?", "boolean"), .init("asyncTimeout?", "number"),
        ])
        static let dataSource = LuaTableShape("FlowXDataSource", example: "flowx.dataSource(TABLE)", fields: [
            .init("validate?", "fun(name: string, value: string, params: string[]): boolean|nil"),
            .init("collect?", "fun(event: FlowXAnalyticsEvent)"),
            .init("errorReceivedForAction?", "fun(action: string)"),
            .init("dismissRequested?", "fun(process: string)"),
            .init("newProcessStarted?", "fun(uuid: string)"),
            .init("customLoader?", "fun(loader: FlowXLoader): FlowXView|nil"),
            .init("viewForStepperHeader?", "fun(step: FlowXStepViewModel): FlowXView|nil"),
        ])
        static let component = LuaTableShape("FlowXComponent", example: "flowx.component('c', TABLE)", fields: [
            .init("populateUI?", "fun(self: table, data: table, actions: string[]): table|nil"),
            .init("updateUI?", "fun(self: table, data: table): table|nil"),
            .init("saveData?", "fun(self: table): table|nil"),
            .init("validate?", "fun(self: table): boolean"),
            .init("titleForScreen?", "fun(self: table): string|nil"),
        ])
        static let configuration = LuaTableShape("FlowXConfig", example: "flowx.configure(TABLE)", fields: [
            .init("baseURL", "string"),
            .init("enginePath", "string"),
            .init("imageBaseURL", "string"),
            .init("organizationId", "string"),
            .init("locale?", "string"),
            .init("language?", "string"),
            .init("logLevel?", #""none"|"verbose""#),
            .init("additionalHttpHeaders?", "table<string, string>"),
            .init("cacheDocuments?", "boolean"),
            .init("updateStateEnabled?", "boolean"),
        ])
        static let startOptions = LuaTableShape("FlowXStartOptions", example: "flowx.startProcess('p', {}, TABLE)", fields: [
            .init("workspaceId?", "string"),
            .init("projectId?", "string"),
            .init("isModal?", "boolean"),
            .init("showLoader?", "boolean"),
            .init("completion?", "fun(uuid: string)"),
            .init("onProcessEnded?", "fun()"),
            .init("onProcessStarted?", "fun(uuid: string)"),
        ])
        static let themeSetup = LuaTableShape("FlowXThemeSetup", example: "flowx.setupTheme(TABLE)", fields: [
            .init("withUuid", "string"),
            .init("workspaceId?", "string"),
            .init("localFileUrl?", "string"),
            .init("appearance?", #""light"|"dark""#),
            .init("completion?", "fun()"),
        ])

        /// Every table the module reads (`LuaModuleInfo.tables`).
        static let all = [validatorOptions, options, dataSource, component, configuration, startOptions, themeSetup]
    }
}
