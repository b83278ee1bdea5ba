import JSON

/// One hook of a running navigation, from creation to completion.
final class ActiveHook {
    let entry: HookEntry
    /// Position in the screen's list (the `presentationIndex`).
    let index: Int
    let adapter: any ScreenHookAdapter
    let isFlowBlocker: Bool
    /// The hook's screen, for hook screen plugins.
    let screen: ScreenModel?
    /// True while its screen is on the stack.
    var isPresented = false
    /// True once it completed (by itself, a timeout or a cancel): later completions are ignored.
    var isCompleted = false
    /// True once `requestScreenPluginPresentation` answered.
    var presentationAnswered = false
    /// The virtual time at which it times out, and the timeout it was given.
    var deadline = Double.infinity
    var timeout = 0.0

    init(entry: HookEntry, index: Int, adapter: any ScreenHookAdapter, isFlowBlocker: Bool, screen: ScreenModel?) {
        self.entry = entry
        self.index = index
        self.adapter = adapter
        self.isFlowBlocker = isFlowBlocker
        self.screen = screen
    }
}

/// One navigation: the target, the hooks still to run, the dataDict so far.
final class NavigationRun {
    enum Phase { case preload, postload, done }

    let target: ScreenModel
    let from: InvocationPoint
    let dataSource: JSONValue?
    var phase = Phase.preload
    /// The next hook to run in the current phase's list.
    var next = 0
    var data: JSONObject = [:]
    /// The hook running now.
    var active: ActiveHook?

    init(target: ScreenModel, from: InvocationPoint, dataSource: JSONValue?) {
        self.target = target
        self.from = from
        self.dataSource = dataSource
    }

    var entries: [HookEntry] {
        switch phase {
        case .preload: return target.preloadPlugins
        case .postload: return target.postloadPlugins
        case .done: return []
        }
    }
}
