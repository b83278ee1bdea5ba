import OrderedCollections
import JSON

/// A headless view that traits build and modify: a `kind` (`step`, `container`, `wrapper`,
/// `backdrop`, or one of a trait's own), an optional `id`, JSON properties and child views.
///
/// The composed tree (``tree``) is what scripts (`traits.current().tree`), the REPL and the
/// `traitTree` expectation see: `{"kind": ..., "id": ..., <properties>..., "children": [...]}`.
public final class TraitView {
    /// What the view is (`container`).
    public var kind: String
    /// An id, to find the view again (step views carry their step's id).
    public var id: String?
    /// Properties, in the order they were first set.
    public var properties: JSONObject
    /// Child views, front last.
    public private(set) var children: [TraitView] = []
    /// The view this one is a child of.
    public private(set) weak var parent: TraitView?
    /// What a tap on the view does (`traits.tap(id)`); nil: taps do nothing.
    public var onTap: (() throws -> Void)?
    /// What a long press on the view does (`traits.longPress(id)`, the `longPress` step); nil: nothing.
    public var onLongPress: (() throws -> Void)?
    /// Called after the app's views change (a view shown, updated or hidden), while the view's
    /// experience is shown, by key in the order first set: the SDK's frame observer views, which
    /// re-publish a target.
    public var layoutHandlers: OrderedDictionary<String, () throws -> Void> = [:]
    /// Levels of the subtree, this view included: an upper bound (removing views does not lower it).
    public private(set) var height = 1

    /// Levels a tree of views made by scripts may have. Finding a view, the JSON tree, the outline
    /// and releasing a view recurse once per level; a 100,000-deep chain overflowed the stack, and
    /// checking each `add` against every ancestor made building it quadratic (over 5 s).
    public static let maxDepth = 100

    public init(kind: String, id: String? = nil, properties: JSONObject = [:], children: [TraitView] = []) {
        self.kind = kind
        self.id = id
        self.properties = properties
        for child in children { add(child) }
    }

    /// A property (nil when unset).
    public subscript(key: String) -> JSONValue? {
        get { properties[key] }
        set { properties[key] = newValue }
    }

    /// Adds `child` on top of the children (it leaves its former parent).
    public func add(_ child: TraitView) {
        child.removeFromParent()
        child.parent = self
        children.append(child)
        raiseHeights(over: child)
    }

    /// Inserts `child` at `index` (clamped), leaving its former parent.
    public func insert(_ child: TraitView, at index: Int) {
        child.removeFromParent()
        child.parent = self
        children.insert(child, at: max(0, min(index, children.count)))
        raiseHeights(over: child)
    }

    /// Raises the heights of this view and its ancestors to hold `child`'s subtree (stops at the
    /// first that already does: at most the tree's depth).
    private func raiseHeights(over child: TraitView) {
        var node: TraitView? = self
        var needed = child.height + 1
        while let current = node, current.height < needed {
            current.height = needed
            needed += 1
            node = current.parent
        }
    }

    /// Why `child` cannot be added under this view (nil: it can), and the ancestors walked to
    /// know it. Refused: `child` is this view or one of its ancestors (the tree would loop), or
    /// the tree would pass ``maxDepth`` levels. The walk stops at `maxDepth` ancestors, so the
    /// check costs the same at any depth.
    func problemAdding(_ child: TraitView) -> (problem: String?, steps: Int) {
        var node: TraitView? = self
        var depth = 0
        while let current = node {
            depth += 1
            if current === child { return ("a view cannot be added inside itself", depth) }
            if depth + child.height > Self.maxDepth {
                return ("the views would be more than \(Self.maxDepth) levels deep", depth)
            }
            node = current.parent
        }
        return (nil, depth)
    }

    /// Removes the view from its parent (nothing when it has none).
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// The first view of the subtree (this one included), depth first, with this id or kind.
    public func find(_ idOrKind: String) -> TraitView? {
        if id == idOrKind || kind == idOrKind { return self }
        for child in children { if let found = child.find(idOrKind) { return found } }
        return nil
    }

    /// Every view of the subtree (this one included), depth first, with a layout handler.
    public var layoutObservers: [TraitView] {
        (layoutHandlers.isEmpty ? [] : [self]) + children.flatMap(\.layoutObservers)
    }

    /// Every view of the subtree (this one included), depth first, with this kind.
    public func all(kind: String) -> [TraitView] {
        (self.kind == kind ? [self] : []) + children.flatMap { $0.all(kind: kind) }
    }

    /// Clears the tap and layout handlers of the subtree (they may capture the views: a cycle).
    public func removeTapHandlers() {
        onTap = nil
        onLongPress = nil
        layoutHandlers = [:]
        for child in children { child.removeTapHandlers() }
    }

    /// The subtree as JSON: `kind`, `id` (when set), the properties, then `children` (when any).
    public var tree: JSONValue {
        var object: JSONObject = ["kind": .string(kind)]
        if let id { object["id"] = .string(id) }
        for (key, value) in properties where key != "kind" && key != "id" && key != "children" { object[key] = value }
        if onTap != nil { object["tappable"] = .bool(true) }
        if onLongPress != nil { object["longPressable"] = .bool(true) }
        if !children.isEmpty { object["children"] = .array(children.map(\.tree)) }
        return .object(object)
    }

    /// An indented outline for people (`:traits` in the REPL): `container #id {props}`.
    public func outline(indent: String = "") -> String {
        var props = properties
        props.removeValue(forKey: "content")
        let summary = props.isEmpty ? "" : " " + ((try? JSONValue.object(props).encoded()) ?? "")
        var text = indent + kind + (id.map { " #\($0)" } ?? "") + summary + "\n"
        for child in children { text += child.outline(indent: indent + "  ") }
        return text
    }
}
