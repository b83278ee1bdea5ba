import SystemKit

/// Builds a JSON path for expectations: `path("a", 1, "b")` is `a[1].b`.
enum SystemKitPath {
    static func path(_ parts: Any...) -> SystemKit.JSONPath {
        var path = SystemKit.JSONPath.root
        for part in parts {
            if let key = part as? String { path = path.key(key) } else if let index = part as? Int { path = path.index(index) }
        }
        return path
    }
}
