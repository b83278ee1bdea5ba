import Platform
import Foundation
import LuaRuntime

/// Errors of the engine's storage.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    case io(path: String, operation: String, errno: Int32)
    /// A state file that is not a regular file (a FIFO, a device) or is larger than ``FileBytes/limit``.
    case unreadable(path: String, problem: String)
    public var description: String {
        switch self {
        case .io(let path, let op, let code):
            return "storage: \(op) \(path): \(String(cString: strerror(code)))"
        case .unreadable(let path, let problem):
            return "storage: read \(path): \(problem)"
        }
    }
}

/// The engine's state directory: whole-file reads and crash-safe writes.
///
/// A write goes to a temporary file in the same directory, is fsynced, renamed over
/// the target, and the directory is fsynced: after `kill -9` at any moment the file
/// holds either the old or the new content, never a mix, and once `writeAtomically`
/// returned the new content survives a power loss too.
///
/// A storage that is not `isDurable` (a throwaway directory removed with its engine)
/// skips the two fsyncs: the rename still makes each write atomic for any reader and
/// against a killed process (the page cache outlives it), not against a power loss.
/// Its directory is created by the first write, so an engine that never saves never
/// touches the file system.
public struct Storage: Sendable {
    /// The state directory.
    public let directory: URL
    /// True when writes are fsynced (file and directory) before `writeAtomically` returns.
    public let isDurable: Bool

    /// Creates the directory when missing (a non-durable storage: at the first write); in an
    /// existing directory, removes temporary files left by killed processes.
    public init(directory: URL, durable: Bool = true) throws {
        self.directory = directory
        self.isDurable = durable
        if durable {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            removeStaleTemporaryFiles()
        }
    }

    /// The full path of a file in the state directory.
    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The bytes of `name`, or nil when it does not exist.
    ///
    /// - Throws: `StorageError.io` when the file exists but cannot be read (permissions,
    ///   a directory in its place), `StorageError.unreadable` when it is not a regular file (a
    ///   FIFO, a symbolic link to a device) or is too large (``FileBytes/limit``): never mistake
    ///   such a file for a missing one, or the next save would overwrite what could not be read.
    public func read(_ name: String) throws -> [UInt8]? {
        do { return try FileBytes.read(path(name)) } catch {
            if error.isMissing { return nil }
            if case .system(let code) = error.reason {
                throw StorageError.io(path: error.path, operation: error.operation, errno: code)
            }
            throw StorageError.unreadable(path: error.path, problem: error.problem)
        }
    }

    /// Removes the temporary files (`NAME.tmp-PID`) that processes killed in the middle of
    /// `writeAtomically` left behind: those whose process no longer runs. Returns their names.
    @discardableResult
    public func removeStaleTemporaryFiles() -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let marker = name.range(of: ".tmp-", options: .backwards),
                  let pid = pid_t(name[marker.upperBound...]), pid > 0, pid != getpid() else { continue }
            // kill(pid, 0) fails with ESRCH when no such process exists; EPERM means it runs.
            if kill(pid, 0) != 0, errno == ESRCH, unlink(path(name)) == 0 { removed.append(name) }
        }
        return removed.sorted()
    }

    /// Atomically replaces `name` with `bytes` (temp file, fsync, rename, fsync dir; no fsyncs unless `isDurable`).
    public func writeAtomically(_ name: String, _ bytes: [UInt8]) throws {
        let target = path(name)
        let temp = target + ".tmp-\(getpid())"
        var fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd < 0, errno == ENOENT, (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil {
            fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        guard fd >= 0 else { throw StorageError.io(path: temp, operation: "open", errno: errno) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Platform.write(fd, raw.baseAddress! + written, raw.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                unlink(temp)
                throw StorageError.io(path: temp, operation: "write", errno: code)
            }
            written += n
        }
        if isDurable, fsync(fd) != 0 {
            let code = errno
            close(fd)
            unlink(temp)
            throw StorageError.io(path: temp, operation: "fsync", errno: code)
        }
        close(fd)
        if rename(temp, target) != 0 {
            let code = errno
            unlink(temp)
            throw StorageError.io(path: target, operation: "rename", errno: code)
        }
        if isDurable { syncDirectory() }
    }

    /// Moves a corrupt file aside to `name.corrupt-<n>` and returns the new name.
    public func moveAside(_ name: String) throws -> String {
        var n = 1
        while FileManager.default.fileExists(atPath: path("\(name).corrupt-\(n)")) { n += 1 }
        let aside = "\(name).corrupt-\(n)"
        if rename(path(name), path(aside)) != 0 {
            throw StorageError.io(path: path(name), operation: "rename", errno: errno)
        }
        return aside
    }
}
