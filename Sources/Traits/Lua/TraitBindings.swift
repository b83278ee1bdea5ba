import JSON
import LuaRuntime

/// The userdata classes traits see in Lua: `TraitView`, `PageMonitor`, `TraitMetadataDelegate`
/// (`self.metadata`) and `TraitMetadata` (what handlers get).
enum TraitBindings {
    /// - Parameter retain: charges bytes a method keeps in Swift to the engine's memory cap.
    static func register(in state: LuaState, retain: @escaping (Int) throws -> Void) {
        registerView(in: state, retain: retain)
        state.register(PageMonitor.self, name: "PageMonitor") { c in
            c.property("numberOfPages") { .integer(Int64($0.numberOfPages)) }
            c.property("currentPage") { .integer(Int64($0.currentPage + 1)) }
            c.method("addObserver") { monitor, args in
                let observer = try args.function(2)
                try retain(64)   // the monitor keeps every observer
                monitor.addObserver { newIndex, oldIndex in
                    try observer.call(.integer(Int64(newIndex + 1)), .integer(Int64(oldIndex + 1)))
                }
                return []
            }
            c.method("set") { monitor, args in
                let page = try args.integer(2)
                guard page >= 1, page <= monitor.numberOfPages else {
                    throw args.argumentError(2, "page \(page) out of range 1..\(monitor.numberOfPages)")
                }
                try monitor.set(currentPage: Int(page - 1))
                return []
            }
        }
        state.register(TraitMetadataDelegate.self, name: "TraitMetadataDelegate") { c in
            c.method("set") { delegate, args in
                let json = try json(args, 2, "set")
                guard case .object(let values) = json else {
                    throw args.argumentError(2, "table of values expected")
                }
                try retain(json.estimatedSize)
                delegate.set(values)
                return []
            }
            c.method("unset") { delegate, args in
                var keys: [String] = []
                switch args[2] {
                case .string(let key): keys = [key.string]
                case .table(let list):
                    for item in list.array {
                        guard case .string(let key) = item else { throw args.argumentError(2, "keys must be strings, got \(item.typeName)") }
                        keys.append(key.string)
                    }
                default: throw args.argumentError(2, "table of keys expected, got \(args[2].typeName)")
                }
                delegate.unset(keys: keys)
                return []
            }
            c.method("registerHandler") { delegate, args in
                let key = try args.string(2)
                let handler = try args.function(3)
                try retain(64 + key.utf8.count)
                let animating = args[4].isTruthy
                delegate.registerHandler(for: key, animating: animating) { metadata in
                    try handler.call(wrap(metadata, in: handler.state))
                }
                return []
            }
            c.method("removeHandler") { delegate, args in
                delegate.removeHandler(for: try args.string(2))
                return []
            }
            c.method("publish") { delegate, _ in
                try delegate.publish()
                return []
            }
            c.method("get") { delegate, args in
                guard let value = delegate.values[try args.string(2)] else { return [.nil] }
                return [try args.state.luaValue(value)]
            }
        }
        state.register(MetadataBox.self, name: "TraitMetadata") { c in
            c.method("previous") { box, args in
                guard let value = box.metadata.previous(try args.string(2)) else { return [.nil] }
                return [try args.state.luaValue(value)]
            }
            c.method("isSet") { box, args in [.boolean(box.metadata.isSet(try args.string(2)))] }
            c.method("get") { box, args in
                guard let value = box.metadata[try args.string(2)] else { return [.nil] }
                return [try args.state.luaValue(value)]
            }
        }
    }

    /// The metadata as handlers see it: `meta[key]`, `meta:previous(key)`, `meta:isSet(key)`.
    static func wrap(_ metadata: TraitMetadata, in state: LuaState) throws -> LuaValue {
        var fields: [String: LuaValue] = [:]
        for (key, value) in metadata.current { fields[key] = try state.luaValue(value) }
        return state.wrap(MetadataBox(metadata), fields: fields)
    }

    /// Argument `i` as JSON, with a message naming the method.
    static func json(_ args: LuaArguments, _ i: Int, _ method: String) throws -> JSONValue {
        do { return try args.state.jsonValue(args[i]) } catch {
            throw LuaError.callback(message: "traits: metadata:\(method): \(error.message)")
        }
    }
}

extension JSONValue {
    /// The value with every object's keys in sorted order: a Lua table has no key order, and
    /// sorted keys keep trees, metadata and reports identical from run to run.
    var sortingKeys: JSONValue {
        switch self {
        case .object(let object):
            var sorted: JSONObject = [:]
            for key in object.keys.sorted() { sorted[key] = object[key]?.sortingKeys }
            return .object(sorted)
        case .array(let items): return .array(items.map(\.sortingKeys))
        default: return self
        }
    }
}

/// A ``TraitMetadata`` as a class, to live in a userdata.
final class MetadataBox {
    let metadata: TraitMetadata
    init(_ metadata: TraitMetadata) { self.metadata = metadata }
}
