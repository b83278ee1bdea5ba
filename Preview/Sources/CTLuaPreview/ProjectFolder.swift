import Foundation
import LuaRuntime

/// The project's folder (where `ctlua preview` started): the only place a recorded scenario is
/// written, and the root every path the page names is read against.
struct ProjectFolder: Sendable {
    /// Absolute, no trailing slash.
    let root: String

    init(root: String) {
        var root = URL(fileURLWithPath: root).standardizedFileURL.path
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        self.root = root
    }

    enum SaveError: Error, Equatable, CustomStringConvertible {
        case name(String)
        case outside(String)
        case exists(String)
        case write(String)

        var description: String {
            switch self {
            case .name(let why): return "cannot save: \(why)"
            case .outside(let path): return "cannot save: \(path) is outside the project folder"
            case .exists(let path): return "cannot save: \(path) exists (tick \"replace\" to overwrite it)"
            case .write(let why): return "cannot save: \(why)"
            }
        }
    }

    /// The absolute path of `name`, a relative path inside the project ending in `.json`: no
    /// absolute path, no `..` or `.` component, no hidden component, no NUL, no backslash, and
    /// its folder, symbolic links resolved, inside the project; nor may the file itself be a link.
    func saveTarget(_ name: String) throws(SaveError) -> String {
        guard !name.isEmpty, name.utf8.count <= 255 * 4 else { throw .name("empty or too long a file name") }
        guard !name.hasPrefix("/"), !name.hasPrefix("~") else { throw .name("\(name) is absolute: give a path inside the project") }
        guard !name.utf8.contains(0), !name.contains("\\") else { throw .name("\(name) has a NUL or a backslash") }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.hasPrefix(".") }) else {
            throw .name("\(name): no empty, `.`, `..` or hidden component")
        }
        guard name.hasSuffix(".json") else { throw .name("\(name): a recorded scenario is a .json file") }
        let path = root + "/" + name
        let folder = (path as NSString).deletingLastPathComponent
        guard PathConfinement.isInside(folder, roots: [root], mustExist: false) else { throw .outside(name) }
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG { throw .outside(name + " (not a plain file)") }
        return path
    }

    /// Writes `text` to `name` (``saveTarget(_:)``), creating its folders; refuses to replace an
    /// existing file unless `replace`. Never follows a link at the file itself (`O_NOFOLLOW`).
    func save(_ text: String, as name: String, replace: Bool) throws(SaveError) -> String {
        let path = try saveTarget(name)
        let folder = (path as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw .write("cannot create \(folder): \(error.localizedDescription)")
        }
        // Checked again once the folders exist: a link created meanwhile is still refused.
        guard PathConfinement.isInside(folder, roots: [root]) else { throw .outside(name) }
        var flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC
        flags |= replace ? O_TRUNC : O_EXCL
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { throw .exists(name) }
            if errno == ELOOP { throw .outside(name + " (a symbolic link)") }
            throw .write("\(name): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw .write("\(name): \(String(cString: strerror(errno)))") }
            written += n
        }
        return path
    }

    /// `path` relative to the root when inside it (for display), else as given.
    func relative(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
