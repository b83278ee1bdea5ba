#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one reader of files from outside: scripts, modules, scenarios, definitions, state files,
/// snapshots, process definitions. Every file ctlua reads goes through ``read(_:limit:)``.
///
/// Only regular files are read, and only up to ``limit`` bytes (64 MiB): `/dev/zero` would
/// allocate until the process aborts, a FIFO would block the open or the read forever, and a
/// symbolic link to `/dev/full` or a terminal would hang a start. Each is a ``Failure`` naming the
/// file and why, before anything is allocated. `open` does not block on a FIFO (`O_NONBLOCK`).
///
/// POSIX `open`/`read` rather than `FileManager.contents(atPath:)`: that one leaks its 4 KiB read
/// buffer for an empty file (swift-corelibs-foundation; LeakSanitizer reports it) and returns nil
/// for every failure alike. This reader allocates only the returned array and tells a missing
/// file (`ENOENT`) from one that exists but cannot be read (permissions, a directory, a device).
public enum FileBytes {
    /// The largest file ctlua reads: 64 MiB (`docs/cli.md`, "Files ctlua reads").
    public static let limit = 64 << 20

    /// Why a file could not be read.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Reason: Sendable, Equatable {
            /// A system call failed with this `errno`.
            case system(Int32)
            /// Not a regular file: a FIFO, a device, a socket (its kind).
            case notRegular(String)
            /// Larger than the limit (bytes).
            case tooLarge(Int)
        }

        public var path: String
        public var operation: String
        public var reason: Reason

        public init(path: String, operation: String, reason: Reason) {
            self.path = path
            self.operation = operation
            self.reason = reason
        }

        /// The `errno` of a failed system call; `EINVAL` for a file that is not regular, `EFBIG`
        /// for one too large.
        public var errno: Int32 {
            switch reason {
            case .system(let code): return code
            case .notRegular: return EINVAL
            case .tooLarge: return EFBIG
            }
        }

        /// True when the file does not exist (`ENOENT`, `ENOTDIR` on the way).
        public var isMissing: Bool { reason == .system(ENOENT) || reason == .system(ENOTDIR) }

        /// Why, without the path: `No such file or directory`, `not a regular file (a FIFO)`.
        public var problem: String {
            switch reason {
            case .system(let code): return String(cString: strerror(code))
            case .notRegular(let kind): return "not a regular file (\(kind))"
            case .tooLarge(let limit): return "larger than \(FileBytes.describe(limit)), the limit of files ctlua reads"
            }
        }

        public var description: String { "cannot \(operation) \(path): \(problem)" }
    }

    /// The bytes of the regular file at `path` (symbolic links followed), at most `limit` bytes.
    public static func read(_ path: String, limit: Int = FileBytes.limit) throws(Failure) -> [UInt8] {
        let (fd, size) = try openRegular(path)
        defer { close(fd) }
        if size > limit { throw Failure(path: path, operation: "read", reason: .tooLarge(limit)) }
        return try readAll(fd, path: path, limit: limit, sizeHint: size)
    }

    /// The first `count` bytes (or fewer) of the regular file at `path`, for a file's header:
    /// a FIFO or a device is refused without blocking, as by ``read(_:limit:)``.
    public static func prefix(_ path: String, count: Int) throws(Failure) -> [UInt8] {
        let (fd, _) = try openRegular(path)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var n = 0
        repeat { n = bytes.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress!, raw.count) } } while n < 0 && errno == EINTR
        guard n >= 0 else { throw Failure(path: path, operation: "read", reason: .system(errno)) }
        return Array(bytes[0..<n])
    }

    /// Opens `path` for reading without blocking (`O_NONBLOCK`: a FIFO does not wait for a
    /// writer) and checks it is a regular file; the descriptor (the caller closes it) and the size.
    private static func openRegular(_ path: String) throws(Failure) -> (Int32, Int) {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw Failure(path: path, operation: "open", reason: .system(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw Failure(path: path, operation: "read", reason: .system(code))
        }
        let reason: Failure.Reason
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (fd, Int(info.st_size))
        case S_IFDIR: reason = .system(EISDIR)
        case S_IFIFO: reason = .notRegular("a FIFO")
        case S_IFCHR: reason = .notRegular("a character device")
        case S_IFBLK: reason = .notRegular("a block device")
        case S_IFSOCK: reason = .notRegular("a socket")
        default: reason = .notRegular("an unknown kind of file")
        }
        close(fd)
        throw Failure(path: path, operation: "read", reason: reason)
    }

    /// Everything readable from `fd` (standard input, a pipe) up to its end, at most `limit` bytes.
    public static func read(descriptor fd: Int32, name: String, limit: Int = FileBytes.limit) throws(Failure) -> [UInt8] {
        try readAll(fd, path: name, limit: limit, sizeHint: 0)
    }

    /// Reads to the end; a file that grows past `limit` while being read is refused too.
    /// Reads land in one buffer and are appended with a copy: no per-byte zero filling (a
    /// 64 MiB stream took a minute in a debug build that way).
    private static func readAll(_ fd: Int32, path: String, limit: Int, sizeHint: Int) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        if sizeHint > 0 { bytes.reserveCapacity(min(sizeHint, limit) + 1) }
        var buffer = [UInt8](repeating: 0, count: min(max(sizeHint + 1, 64 << 10), 1 << 20))
        while true {
            var n = 0
            repeat {
                n = buffer.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress!, raw.count) }
            } while n < 0 && errno == EINTR
            if n < 0, errno == EAGAIN {
                // A descriptor in non-blocking mode with nothing yet (standard input): wait for data.
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, -1)
                continue
            }
            if n < 0 {
                let code = errno
                throw Failure(path: path, operation: "read", reason: .system(code))
            }
            if n == 0 { return bytes }
            if bytes.count + n > limit { throw Failure(path: path, operation: "read", reason: .tooLarge(limit)) }
            bytes.append(contentsOf: buffer[0..<n])
        }
    }

    /// `64 MiB`, `512 KiB`, `100 bytes`.
    static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
