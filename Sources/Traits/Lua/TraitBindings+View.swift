import JSON
import LuaRuntime

extension TraitBindings {
    /// `TraitView`: `view.kind`, `view.id`, `view:get(k)`, `view:set(k, v)` (nil removes),
    /// `view:add(child)`, `view:insert(child, i)`, `view:remove()`, `view:children()`,
    /// `view:find(idOrKind)`, `view:parent()`, `view:tree()`, `view:is(other)`, `view:onTap(f)`, `view:onLongPress(f)`,
    /// `view:onLayout([key,] f)` (called after the app's views change; nil removes).
    static func registerView(in state: LuaState, retain: @escaping (Int) throws -> Void) {
        state.register(TraitView.self, name: "TraitView") { c in
            c.property("kind") { .string(LuaString($0.kind)) }
            c.property("id") { view in view.id.map { .string(LuaString($0)) } ?? .nil }
            c.method("get") { view, args in
                guard let value = view[try args.string(2)] else { return [.nil] }
                return [try args.state.luaValue(value)]
            }
            c.method("set") { view, args in
                let key = try args.string(2)
                if args[3].isNil {
                    view.properties.removeValue(forKey: key)
                } else {
                    let value: JSONValue
                    do { value = try args.state.jsonValue(args[3]) } catch {
                        throw LuaError.callback(message: "traits: view property '\(key)': \(error)")
                    }
                    try retain(48 + key.utf8.count + value.estimatedSize)
                    view[key] = value
                }
                return []
            }
            c.method("add") { view, args in
                let child = try args.object(2, as: TraitView.self)
                try checkNotAncestor(child, of: view)
                view.add(child)
                return []
            }
            c.method("insert") { view, args in
                let child = try args.object(2, as: TraitView.self)
                try checkNotAncestor(child, of: view)
                view.insert(child, at: Int(clamping: max(try args.integer(3), -1 << 32) - 1))   // past either end: clamped
                return []
            }
            c.method("remove") { view, _ in
                view.removeFromParent()
                return []
            }
            c.method("children") { view, args in
                [.table(args.state.newArray(view.children.map { wrap($0, in: args.state) }))]
            }
            c.method("find") { view, args in
                guard let found = view.find(try args.string(2)) else { return [.nil] }
                return [wrap(found, in: args.state)]
            }
            c.method("parent") { view, args in
                guard let parent = view.parent else { return [.nil] }
                return [wrap(parent, in: args.state)]
            }
            c.method("tree") { view, args in [try args.state.luaValue(view.tree)] }
            c.method("onTap") { view, args in
                if args[2].isNil {
                    view.onTap = nil
                } else {
                    let handler = try args.function(2)
                    view.onTap = { try handler.call() }
                }
                return []
            }
            c.method("onLongPress") { view, args in
                if args[2].isNil {
                    view.onLongPress = nil
                } else {
                    let handler = try args.function(2)
                    view.onLongPress = { try handler.call() }
                }
                return []
            }
            c.method("onLayout") { view, args in   // view:onLayout([key,] f | nil)
                var key = "", at = 2
                if case .string(let name) = args[2] { (key, at) = (name.string, 3) }
                if args[at].isNil {
                    view.layoutHandlers.removeValue(forKey: key)
                } else {
                    let handler = try args.function(at)
                    try retain(64 + key.utf8.count)
                    view.layoutHandlers[key] = { try handler.call() }
                }
                return []
            }
            c.method("is") { view, args in
                guard case .userdata(let other) = args[2] else { return [.boolean(false)] }
                return [.boolean(other.object(as: TraitView.self) === view)]
            }
        }
    }

    static func wrap(_ view: TraitView, in state: LuaState) -> LuaValue {
        state.wrap(view)
    }

    /// A view cannot become a child of itself or of one of its descendants (the tree would loop),
    /// nor make the tree deeper than `TraitView.maxDepth`.
    static func checkNotAncestor(_ child: TraitView, of view: TraitView) throws {
        if let problem = view.problemAdding(child).problem { throw LuaError.callback(message: "traits: \(problem)") }
    }

    /// `traits.view{kind = "...", id = "...", <properties>..., <child views>...}`.
    static func makeView(_ args: LuaArguments, retain: (Int) throws -> Void) throws -> LuaValue {
        let spec = try args.table(1)
        guard case .string(let kind) = spec["kind"] else { throw args.argumentError(1, "field 'kind' must be a string") }
        var id: String?
        switch spec["id"] {
        case .nil: break
        case .string(let s): id = s.string
        default: throw args.argumentError(1, "field 'id' must be a string")
        }
        let view = TraitView(kind: kind.string, id: id)
        var properties: [(String, JSONValue)] = []
        for (key, value) in spec.pairs {
            guard case .string(let name) = key else { continue }
            if name.string == "kind" || name.string == "id" { continue }
            do { properties.append((name.string, try args.state.jsonValue(value))) } catch {
                throw LuaError.callback(message: "traits: view property '\(name.string)': \(error.message)")
            }
        }
        try retain(properties.reduce(128 + kind.bytes.count + (id?.utf8.count ?? 0)) { $0 + 48 + $1.0.utf8.count + $1.1.estimatedSize })
        for (key, value) in properties.sorted(by: { $0.0 < $1.0 }) { view[key] = value }
        for (index, item) in spec.array.enumerated() {
            guard case .userdata(let data) = item, let child = data.object(as: TraitView.self) else {
                throw args.argumentError(1, "child #\(index + 1) must be a view, got \(item.typeName)")
            }
            try checkNotAncestor(child, of: view)
            view.add(child)
        }
        return wrap(view, in: args.state)
    }
}
