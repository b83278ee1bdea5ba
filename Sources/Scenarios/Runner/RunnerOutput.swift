import Foundation

/// Where the runner writes: stdout (report, TAP), stderr (errors, progress), and files.
public struct RunnerOutput: Sendable {
    public var stdout: @Sendable (String) -> Void
    public var stderr: @Sendable (String) -> Void
    /// Whether stderr is a terminal (progress line) by default.
    public var isTerminal: Bool
    /// Whether the text report may be coloured: standard output is a terminal and `NO_COLOR` is unset.
    public var colour = false
    /// Writes a report or trace file, creating folders as needed.
    public var writeFile: @Sendable (_ path: String, _ contents: String) throws -> Void
    /// Writes a file whose name comes from a scenario (an HTML page, a trace) into a report
    /// folder: a symbolic link or other non-regular file there is refused, not written through.
    public var writeNamedFile: @Sendable (_ path: String, _ contents: String) throws -> Void = RunnerOutput.writeNamedToDisk
    /// Why writing to ``stdout`` failed (a full disk, a closed pipe), or nil: the runner then
    /// exits 2 as for a report file it cannot write.
    public var stdoutFailure: @Sendable () -> String? = { nil }

    public init(stdout: @escaping @Sendable (String) -> Void, stderr: @escaping @Sendable (String) -> Void,
                isTerminal: Bool, colour: Bool = false,
                writeFile: @escaping @Sendable (String, String) throws -> Void = RunnerOutput.writeToDisk) {
        self.stdout = stdout
        self.stderr = stderr
        self.isTerminal = isTerminal
        self.colour = colour
        self.writeFile = writeFile
    }

    /// The process's standard streams. A failed write to standard output is kept (the first
    /// reason) for ``stdoutFailure``; `FileHandle.write` would stop the process with a trap.
    public static var standard: RunnerOutput {
        let failure = FailureBox()
        var output = RunnerOutput(
            stdout: { text in
                do { try ReportFile.write(Array(text.utf8), to: "-") } catch { failure.keep("\(error)") }
            },
            stderr: { text in try? ReportFile.writeAll(Array(text.utf8), to: STDERR_FILENO, path: "standard error") },
            isTerminal: isatty(STDERR_FILENO) == 1, colour: isatty(STDOUT_FILENO) == 1 && (getenv("NO_COLOR").map { $0.pointee == 0 } ?? true))
        output.stdoutFailure = { failure.first }
        return output
    }

    /// The first failure of a stream, shared by the threads that write to it.
    private final class FailureBox: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: String?
        func keep(_ reason: String) {
            lock.lock()
            if kept == nil { kept = reason }
            lock.unlock()
        }
        var first: String? {
            lock.lock()
            defer { lock.unlock() }
            return kept
        }
    }

    /// Writes a report: `-` is standard output; an existing path that is not a regular file (a
    /// device such as `/dev/stdout`, a FIFO, `>(cmd)`) or a symbolic link is written through, never
    /// replaced; a regular file or a new path is replaced atomically (a temporary file renamed), its
    /// parent folder created. Errors are `ReportFileError`s (`FILE: reason`).
    public static let writeToDisk: @Sendable (String, String) throws -> Void = { path, contents in
        try ReportFile.write(Array(contents.utf8), to: path)
    }

    /// Writes a file whose name comes from a scenario (a report page, a trace): as
    /// ``writeToDisk``, but a path that is a symbolic link or not a regular file is refused, never
    /// written through (``ReportFile/write(_:to:followingLinks:)``).
    public static let writeNamedToDisk: @Sendable (String, String) throws -> Void = { path, contents in
        try ReportFile.write(Array(contents.utf8), to: path, followingLinks: false)
    }
}

/// A report that could not be written: `FILE: reason`.
public struct ReportFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Writing report files without clobbering what is not a regular file (`ctlua test`'s reports,
/// `ctlua doc --output`).
public enum ReportFile {
    /// Writes `bytes` to `path` (`-`: standard output); errors are ``ReportFileError``s.
    ///
    /// `followingLinks`: a path that exists and is not a regular file (a symbolic link, a device,
    /// a FIFO) is written through, as a report path the user gave should be. False for a file
    /// whose name comes from a scenario (a report page, a trace, a snapshot): such a path is
    /// refused (`is a symbolic link: not written through`), so a link committed beside the
    /// scenarios cannot make a report replace a file elsewhere.
    public static func write(_ bytes: [UInt8], to path: String, followingLinks: Bool = true) throws {
        if path == "-" { return try writeAll(bytes, to: STDOUT_FILENO, path: "standard output") }
        var info = stat()
        if lstat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw ReportFileError(path: path, reason: "is a folder") }
            if type != S_IFREG, !followingLinks {
                let what = type == S_IFLNK ? "a symbolic link" : "not a regular file"
                throw ReportFileError(path: path, reason: "is \(what): not written through (ctlua names this file; remove it)")
            }
            if type != S_IFREG {
                // A device, a FIFO, a socket or a symbolic link: write through it.
                let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
                guard fd >= 0 else { throw ReportFileError(path: path, reason: String(cString: strerror(errno))) }
                defer { close(fd) }
                return try writeAll(bytes, to: fd, path: path)
            }
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw ReportFileError(path: path, reason: "cannot create the folder \(folder)")
        }
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        // A new file only (a link or file left at the temporary name is removed, never followed);
        // the rename then replaces `path` itself, a link there included, never what it points to.
        var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST, unlink(temporary) == 0 {
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw ReportFileError(path: path, reason: String(cString: strerror(errno))) }
        do {
            try writeAll(bytes, to: fd, path: path)
            guard fsync(fd) == 0 else { throw ReportFileError(path: path, reason: String(cString: strerror(errno))) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ReportFileError(path: path, reason: reason)
        }
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReportFileError(path: path, reason: String(cString: strerror(errno)))
            }
            offset += n
        }
    }
}
