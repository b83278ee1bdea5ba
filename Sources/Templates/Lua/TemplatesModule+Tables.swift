import LuaRuntime

/// The tables the templates system's functions read (`templates`, and the `app` functions it
/// adds), each declared once (`LuaTableShape`): a key they do not declare is an error naming the
/// closest one. Their LuaLS classes are in `types/templates.lua` and `types/app.lua`.
extension TemplatesModule {
    enum Tables {
        static let definition = LuaTableShape("TemplateDefinition", example: "templates.define(TABLE)", fields: [
            .init("name", "string"),
            .init("type?", #""template"|"function""#),
            .init("visual?", "boolean"),
            .init("isVisual?", "boolean"),
            .init("arguments?", "TemplateArgument[]"),
            .init("onPresent", "fun(ctx: TemplateContext)"),
            .init("onClose?", "fun(ctx: TemplateContext)"),
        ])
        static let presenter = LuaTableShape("TemplatePresenter", example: "templates.presenter('p', TABLE)", fields: [
            .init("onPresent", "fun(ctx: TemplateContext)"),
            .init("onClose?", "fun(ctx: TemplateContext)"),
        ])
        static let jsonPresenters = LuaTableShape("TemplateJSONPresenters", example: "templates.defineJSON('[]', TABLE)", fields: [
            .init("template?", "TemplatePresenter"), .init("function?", "TemplatePresenter"),
        ])
        static let appDelegate = LuaTableShape("InAppDelegate", example: "app.delegate(TABLE)", fields: [
            .init("shouldShow?", "fun(inapp: table, extras: table): boolean"),
            .init("didShow?", "fun(inapp: table)"),
            .init("buttonTapped?", "fun(kv: table<string, any>)"),
            .init("dismissed?", "fun(inapp: table, extras: table, actionExtras: table)"),
            .init("shouldHandleURL?", "fun(url: string, channel: string): boolean"),
        ])
        static let configure = LuaTableShape("AppConfigureOptions", example: "app.configure(TABLE)", fields: [
            .init("debugBuild?", "boolean"),
            .init("testUser?", "boolean"),
            .init("pushEnabled?", "boolean"),
            .init("online?", "boolean"),
            .init("landscape?", "boolean"),
            .init("pushStatus?", #""notDetermined"|"denied"|"authorized""#),
            .init("pushAnswer?", "boolean"),
            .init("discardedEvents?", "string[]"),
        ])
        static let pushPrimer = LuaTableShape("PushPrimerOptions", example: "app.promptPushPrimer(TABLE)", fields: [
            .init("inAppType?", #""alert"|"half-interstitial""#),
            .init("titleText", "string"),
            .init("messageText", "string"),
            .init("positiveBtnText", "string"),
            .init("negativeBtnText", "string"),
            .init("followDeviceOrientation?", "boolean"),
            .init("fallbackToSettings?", "boolean"),
            .init("backgroundColor?", "string"),
            .init("titleTextColor?", "string"),
            .init("messageTextColor?", "string"),
            .init("btnBorderRadius?", "string"),
            .init("btnTextColor?", "string"),
            .init("btnBorderColor?", "string"),
            .init("btnBackgroundColor?", "string"),
            .init("imageUrl?", "string"),
            .init("altText?", "string"),
        ])

        /// Every table the system's functions read (`LuaModuleInfo.tables`).
        static let all = [definition, presenter, jsonPresenters, appDelegate, configure, pushPrimer]
    }
}
