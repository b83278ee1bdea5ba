import LuaRuntime

/// The tables the `hooks` module reads, each declared once (`LuaTableShape`): a key they do not
/// declare is an error naming the closest one. Their LuaLS classes are in `types/hooks.lua`.
extension HooksModule {
    enum Tables {
        static let plugin = LuaTableShape("HookPluginDefinition", example: "hooks.plugin(TABLE)", fields: [
            .init("identifier", "string"),
            .init("screen?", "boolean"),
            .init("isFlowBlocker?", "boolean|fun(self: HookInstance): boolean"),
            .init("init?", "fun(self: HookInstance): boolean|nil"),
            .init("requestPresentation?", "fun(self: HookInstance, allow: fun(allowed: boolean))"),
            .init("recurring?", "boolean|fun(self: HookInstance, answer: fun(isRecurring: boolean))"),
            .init("execute", "fun(self: HookInstance, data: table<string, any>|nil, done: HookDone, index: integer)"),
            .init("didDisappear?", "fun(self: HookInstance)"),
        ])
        static let navigateOptions = LuaTableShape("HookNavigateOptions", example: "hooks.navigate('home', TABLE)", fields: [
            .init("from?", #""cell"|"navbar"|"menu"|"picker""#),
            .init("dataSource?", "any"),
        ])
        static let options = LuaTableShape("HookOptions", example: "hooks.configure(TABLE)", fields: [
            .init("timeout?", "number|false"),
        ])
        static let appLoadingPlugin = LuaTableShape("AppLoadingPluginDefinition", example: "hooks.appLoadingPlugin(TABLE)", fields: [
            .init("identifier", "string"),
            .init("type?", "string"),
            .init("init?", "fun(self: table): boolean|nil"),
            .init("executeOnLaunch?", "fun(self: table, done: AppLoadingDone)"),
            .init("executeOnApplicationReady?", "fun(self: table, done: AppLoadingDone)"),
            .init("executeAfterAppRootPresentation?", "fun(self: table, done: AppLoadingDone)"),
            .init("executeOnFailedLoading?", "fun(self: table, done: AppLoadingDone)"),
            .init("executeOnContinuingUserActivity?", "fun(self: table, activity: table, done: AppLoadingDone)"),
        ])
        static let launchOptions = LuaTableShape("HookLaunchOptions", example: "hooks.launch(TABLE)", fields: [
            .init("root?", "string"),
            .init("loadingFails?", "boolean"),
        ])
        static let userActivity = LuaTableShape("HookUserActivity", example: "hooks.continueUserActivity(TABLE)", fields: [
            .init("activityType", "string"),
            .init("webpageURL?", "string"),
            .init("userInfo?", "table"),
        ])

        /// Every table the module reads (`LuaModuleInfo.tables`).
        static let all = [plugin, navigateOptions, options, appLoadingPlugin, launchOptions, userActivity]
    }
}
