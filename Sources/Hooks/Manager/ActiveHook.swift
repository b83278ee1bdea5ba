import JSON

/// One hook of a running navigation, from creation to completion (and, for a hook screen that
/// stays on the stack, until its screen is removed).
final class ActiveHook {
    let entry: HookEntry
    /// Position in the screen's list (the `presentationIndex`).
    let index: Int
    let adapter: any ScreenHookAdapter
    /// The hook's screen, for hook screen plugins.
    let screen: ScreenModel?
    /// How its screen is shown: `styles.presentation` (`push` or `present`).
    let presentation: HookPresentation
    /// True while its screen is on the stack.
    var isPresented = false
    /// True once it completed (by itself, a timeout or a cancel): later completions are ignored.
    var isCompleted = false
    /// True once `requestScreenPluginPresentation` answered.
    var presentationAnswered = false
    /// The virtual time at which it times out, and the timeout it was given.
    var deadline = Double.infinity
    var timeout = 0.0

    init(entry: HookEntry, index: Int, adapter: any ScreenHookAdapter, screen: ScreenModel?, presentation: HookPresentation) {
        self.entry = entry
        self.index = index
        self.adapter = adapter
        self.screen = screen
        self.presentation = presentation
    }
}

/// How a hook screen is shown, from its `styles.presentation`: pushed on the navigation stack
/// (removed by popping it) or presented modally (removed by dismissing it).
public enum HookPresentation: String, Sendable {
    case push
    case present

    /// What removing a screen shown this way is called (`popped`, `dismissed`).
    var removal: String { self == .push ? "popped" : "dismissed" }
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
    /// What the last hook passed on (nil: nothing), as the SDK passes it: no merge. Kept as a
    /// Lua hook's `done` read it (`KeptJSON`): the next Lua hook gets fresh tables pushed from it,
    /// and its `JSONValue` is read only for a Swift hook, the state or the transcript.
    var data: KeptJSON?
    /// The hook running now.
    var active: ActiveHook?
    /// True for a return to a screen (a `back`): only its recurring post-load hooks run.
    var isReturn = false
    /// What the navigation's hooks share (the host screen and the data source as plugins see them).
    let shared = NavigationShared()

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

/// Values made once per navigation and handed to each of its hooks: the SDK gives every hook of a
/// navigation the same host `ScreenModel` object and data source, so a Lua plugin's
/// `self.hostScreenModel` (and a plain hook's `self.screenModel`) and `self.dataSource` are one
/// table per navigation, converted once (not once per hook: that grew with the square of the
/// number of hooks, the host screen listing them all).
public final class NavigationShared {
    private var values: [String: Any] = [:]

    init() {}

    /// The value stored under `key`, made by `make` the first time.
    public func value<T>(_ key: String, _ make: () throws -> T) rethrows -> T {
        if let value = values[key] as? T { return value }
        let value = try make()
        values[key] = value
        return value
    }
}

extension KeptJSON {
    /// The dataDict as the manager's Swift side reads it (kept only when it is an object).
    var object: JSONObject {
        if case .object(let object) = value { return object }
        return [:]
    }
}
