import Glibc

/// The one rule for "a path inside these folders", symbolic links resolved: `require` and
/// `app.load` under `strict`, in-app `file://` paths under `strict`, and every file a scenario
/// names (scripts, includes, fixtures, a system's files) use it.
///
/// A path is inside when its real path (`realpath(3)`: every link followed, `..` resolved as the
/// kernel does) lies under the real path of a root. A path that does not exist is inside only
/// when asked for (`mustExist: false`, so that a missing file inside gets its own "not found"):
/// then the real path of its nearest existing folder decides, and any link on the way that
/// leads nowhere makes it outside, so a committed link cannot tell whether a host path exists.
public enum PathConfinement {
    /// Whether `path` (a relative one from the working folder) lies inside one of `roots`.
    public static func isInside(_ path: String, roots: [String], mustExist: Bool = true) -> Bool {
        guard !path.utf8.contains(0) else { return false }
        let bases = roots.compactMap { root -> String? in
            guard !root.utf8.contains(0), let base = realPath(root) else { return nil }
            return base.hasSuffix("/") ? base : base + "/"
        }
        guard !bases.isEmpty, let real = resolved(path, mustExist: mustExist) else { return false }
        let probe = real.hasSuffix("/") ? real : real + "/"
        return bases.contains { probe.hasPrefix($0) }
    }

    /// The real path of `path`; for a path that does not exist (when allowed), the real path of
    /// its nearest existing folder followed by the rest, or nil when something on the way exists
    /// but cannot be resolved (a dangling link) or the rest climbs (`..`).
    private static func resolved(_ path: String, mustExist: Bool) -> String? {
        if let real = realPath(path) { return real }
        guard !mustExist else { return nil }
        var absolute = path
        if !path.hasPrefix("/") {
            guard let cwd = getcwd(nil, 0) else { return nil }
            defer { free(cwd) }
            absolute = String(cString: cwd) + "/" + path
        }
        var components = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var rest: [String] = []
        while let last = components.popLast() {
            let ancestor = "/" + components.joined(separator: "/")
            var info = stat()
            // The component just dropped exists (lstat) but did not resolve: a dangling link.
            if lstat(ancestor + (components.isEmpty ? "" : "/") + last, &info) == 0 { return nil }
            rest.insert(last, at: 0)
            if rest.contains(where: { $0 == ".." || $0 == "." }) { return nil }
            if let real = realPath(ancestor) { return (real == "/" ? "" : real) + "/" + rest.joined(separator: "/") }
        }
        return nil
    }

    /// `realpath(3)`, or nil when the path does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
