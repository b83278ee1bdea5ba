#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads with POSIX `open`/`read`, for state, scenario and definition files.
///
/// `FileManager.contents(atPath:)` leaks its 4 KiB read buffer for an empty file
/// (swift-corelibs-foundation; LeakSanitizer reports it), and returns nil for every
/// failure alike. This reader allocates only the returned array and tells a missing
/// file (`ENOENT`) from one that exists but cannot be read (permissions, a directory).
public enum FileBytes {
    /// Why a file could not be read: the operation and `errno`.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var operation: String
        public var errno: Int32
        /// True when the file does not exist (`ENOENT`, `ENOTDIR` on the way).
        public var isMissing: Bool { errno == ENOENT || errno == ENOTDIR }
        public var description: String { "cannot \(operation) \(path): \(String(cString: strerror(errno)))" }
    }

    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw Failure(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(path: path, operation: "read", errno: EISDIR)
        }
        var bytes: [UInt8] = []
        var chunk = max(Int(info.st_size) + 1, 4096)
        while true {
            let start = bytes.count
            bytes.reserveCapacity(start + chunk)
            var n = 0
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            repeat {
                n = bytes.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress! + start, chunk) }
            } while n < 0 && errno == EINTR
            if n < 0 {
                let code = errno
                throw Failure(path: path, operation: "read", errno: code)
            }
            bytes.removeLast(chunk - n)
            if n == 0 { return bytes }
            chunk = max(chunk, 64 << 10)
        }
    }
}
