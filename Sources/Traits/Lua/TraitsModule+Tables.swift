import LuaRuntime

/// The tables the `traits` module reads, each declared once (`LuaTableShape`): a key they do not
/// declare is an error naming the closest one. Their LuaLS classes are in `types/traits.lua`.
extension TraitsModule {
    enum Tables {
        static let trait = LuaTableShape("TraitDefinition", example: "traits.register(TABLE)", fields: [
            .init("type", "string"),
            .init("init?", "fun(self: TraitInstance): boolean|nil, string|nil"),
            .init("decorateStep?", "fun(self: TraitInstance, step: TraitView)"),
            .init("createContainer?", "fun(self: TraitInstance, steps: TraitView[], pageMonitor: PageMonitor): TraitView"),
            .init("decorateContainer?", "fun(self: TraitInstance, container: TraitView)"),
            .init("undecorateContainer?", "fun(self: TraitInstance, container: TraitView)"),
            .init("createWrapper?", "fun(self: TraitInstance, container: TraitView): TraitView"),
            .init("getBackdrop?", "fun(self: TraitInstance, wrapper: TraitView): TraitView|nil"),
            .init("decorateBackdrop?", "fun(self: TraitInstance, backdrop: TraitView)"),
            .init("undecorateBackdrop?", "fun(self: TraitInstance, backdrop: TraitView)"),
            .init("present?", "fun(self: TraitInstance, wrapper: TraitView, done: fun())"),
            .init("remove?", "fun(self: TraitInstance, wrapper: TraitView, done: fun())"),
        ])
        static let error = LuaTableShape("TraitErrorSpec", example: "traits.error(TABLE)", fields: [
            .init("description", "string"),
            .init("retryMilliseconds?", "integer"),
            .init("recoverable?", "boolean"),
        ])
        static let showOptions = LuaTableShape("TraitsShowOptions", example: "traits.show('{}', 1, 1, TABLE)", fields: [
            .init("trigger?", "string"),
            .init("published?", "boolean"),
            .init("priority?", #""normal"|"low""#),
            .init("experiment?", "TraitsExperiment"),
            .init("strict?", "boolean"),
        ])
        static let action = LuaTableShape("TraitsActionDefinition", example: "traits.action(TABLE)", fields: [
            .init("type", "string"),
            .init("execute", "fun(ctx: TraitsActionContext, config: any)"),
            .init("transformQueue?", "fun(queue: TraitsQueuedAction[], index: integer, config: any): (integer|TraitsActionModel)[]"),
        ])
        static let actionModel = LuaTableShape("TraitsActionModel", example: "traits.runActions({TABLE})", fields: [
            .init("type", "string"),
            .init("on?", "string"),
            .init("config?", "any"),
        ])
        static let component = LuaTableShape("TraitsComponentDefinition", example: "traits.component(TABLE)", fields: [
            .init("identifier", "string"),
            .init("render", "fun(view: TraitView, config: any, actions: TraitsComponentActions)"),
        ])
        static let delegate = LuaTableShape("TraitsDelegate", example: "traits.delegate(TABLE)", fields: [
            .init("canDisplayExperience?", "fun(experienceID: string): boolean"),
            .init("navigate?", "fun(url: string, externally: boolean)"),
            .init("continueUserActivity?", "fun(activity: TraitsUserActivity): boolean"),
        ])
        static let presentationDelegate = LuaTableShape("TraitsPresentationDelegate", example: "traits.presentationDelegate(TABLE)", fields: [
            .init("canDisplayExperience?", "fun(metadata: TraitsPresentationMetadata): boolean"),
            .init("experienceWillAppear?", "fun(metadata: TraitsPresentationMetadata)"),
            .init("experienceDidAppear?", "fun(metadata: TraitsPresentationMetadata)"),
            .init("experienceStepDidChange?", "fun(metadata: TraitsPresentationMetadata)"),
            .init("experienceWillDisappear?", "fun(metadata: TraitsPresentationMetadata)"),
            .init("experienceDidDisappear?", "fun(metadata: TraitsPresentationMetadata)"),
        ])
        static let frame = LuaTableShape("TraitsFrameOptions", example: "traits.frame('home', TABLE)", fields: [
            .init("retainContent?", "boolean"),
            .init("presentationDelegate?", "TraitsPresentationDelegate"),
        ])
        static let config = LuaTableShape("TraitsConfig", example: "traits.config(TABLE)", fields: [
            .init("enableUniversalLinks?", "boolean"),
            .init("universalLinkHostAllowList?", "string[]|false"),
        ])
        static let tooltipLayout = LuaTableShape("TooltipLayoutSpec", example: "traits.tooltipLayout(TABLE)", fields: [
            .init("bounds", "TooltipRect"),
            .init("safeArea?", "{top: number?, left: number?, bottom: number?, right: number?}"),
            .init("targetRectangle?", "TooltipRect"),
            .init("preferredPosition?", #""top"|"bottom"|"left"|"right""#),
            .init("distanceFromTarget?", "number"),
            .init("pointerSize?", "{width: number, height: number}"),
            .init("pointerCornerRadius?", "number"),
            .init("preferredWidth?", "number"),
            .init("contentSize?", "{width: number, height: number}"),
            .init("borderWidth?", "number"),
            .init("cornerRadius?", "number"),
        ])
        static let rect = LuaTableShape("TooltipRect", example: "traits.tooltipLayout{bounds = TABLE}", fields: [
            .init("x", "number"),
            .init("y", "number"),
            .init("width", "number"),
            .init("height", "number"),
        ])

        /// Every table the module reads (`LuaModuleInfo.tables`).
        static let all = [trait, error, showOptions, action, actionModel, component, delegate, presentationDelegate, frame, config, tooltipLayout, rect]
    }
}
