// The C library, in one place: every other module imports `Platform`, which re-exports Glibc on
// Linux and Darwin on macOS, and calls the functions below where the two differ in name or shape
// (or where a type's own `read`/`write`/`exit` would hide the C function). A test fails when
// another file imports Glibc or Darwin, or names either module.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// The calls of the C library that differ between Linux (Glibc) and macOS (Darwin).
public enum Platform {
    /// `read(2)`.
    @inlinable public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #else
        Darwin.read(fd, buffer, count)
        #endif
    }

    /// `write(2)`.
    @inlinable public static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }

    /// `recv(2)`.
    @inlinable public static func recv(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.recv(fd, buffer, count, 0)
        #else
        Darwin.recv(fd, buffer, count, 0)
        #endif
    }

    /// `send(2)` that never raises SIGPIPE when the peer is gone (it fails with `EPIPE`): Linux
    /// asks per call (`MSG_NOSIGNAL`), macOS per socket (`SO_NOSIGPIPE`, set by ``socketPair()``).
    @inlinable public static func send(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(fd, buffer, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(fd, buffer, count, 0)
        #endif
    }

    /// `exit(3)`.
    public static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }

    /// `kill(2)`.
    @discardableResult
    public static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.kill(pid, signal)
        #else
        Darwin.kill(pid, signal)
        #endif
    }

    /// A connected pair of stream sockets, both close-on-exec (atomically on Linux, so no
    /// process spawned by another thread inherits them), neither raising SIGPIPE; nil and `errno`
    /// on failure.
    public static func socketPair() -> (Int32, Int32)? {
        var pair: [Int32] = [-1, -1]
        #if canImport(Glibc)
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { return nil }
        #else
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &pair) == 0 else { return nil }
        var on: Int32 = 1
        for fd in pair {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        #endif
        return (pair[0], pair[1])
    }

    /// A TCP socket (`socket(AF_INET, SOCK_STREAM, 0)`), or -1.
    public static func tcpSocket() -> Int32 {
        #if canImport(Glibc)
        socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket(AF_INET, SOCK_STREAM, 0)
        #endif
    }

    /// Makes the data written to `fd` durable (`fdatasync` on Linux; `F_FULLFSYNC` on macOS, whose
    /// `fsync` does not reach the disk, else `fsync`). 0, or -1 and `errno`.
    public static func syncData(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        fdatasync(fd)
        #else
        fcntl(fd, F_FULLFSYNC) == 0 ? 0 : fsync(fd)
        #endif
    }

    /// Sets `action`'s handler (the field's name differs: a union on both, named differently).
    public static func setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
    }

    /// The running executable's path (Linux `/proc/self/exe`; macOS `_NSGetExecutablePath`), or nil.
    public static var executablePath: String? {
        #if canImport(Glibc)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        #else
        var size: UInt32 = UInt32(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
        #endif
    }

    /// A `posix_spawn_file_actions_t` ready for use (a struct on Linux, a pointer on macOS);
    /// destroy it with `posix_spawn_file_actions_destroy`.
    #if canImport(Glibc)
    public typealias SpawnFileActions = posix_spawn_file_actions_t
    public typealias SpawnAttributes = posix_spawnattr_t
    #else
    public typealias SpawnFileActions = posix_spawn_file_actions_t?
    public typealias SpawnAttributes = posix_spawnattr_t?
    #endif

    public static func spawnFileActions() -> SpawnFileActions {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        return actions
    }

    public static func spawnAttributes() -> SpawnAttributes {
        #if canImport(Glibc)
        var attributes = posix_spawnattr_t()
        #else
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawnattr_init(&attributes)
        return attributes
    }
}
