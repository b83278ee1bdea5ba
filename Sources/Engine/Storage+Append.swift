import Platform
import Foundation

/// Append-only files (journals): one durable append costs one `fdatasync`, whatever the size
/// of the file, where ``Storage/writeAtomically(_:_:)`` rewrites the whole file and syncs it
/// and the directory.
extension Storage {
    /// Appends `bytes` to `name` (created when missing). Durable storage: the data is synced
    /// before this returns, and the directory too when the file was created.
    ///
    /// A process killed during the append may leave a part of `bytes` at the end of the file:
    /// a reader must recognise a torn last record (journals end each record with a newline)
    /// and cut it off with ``truncate(_:to:)`` before appending again.
    public func append(_ name: String, _ bytes: [UInt8]) throws {
        let target = path(name)
        let existed = access(target, F_OK) == 0
        var fd = open(target, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        if fd < 0, errno == ENOENT, (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil {
            fd = open(target, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        }
        guard fd >= 0 else { throw StorageError.io(path: target, operation: "open", errno: errno) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                write(fd, raw.baseAddress! + written, raw.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw StorageError.io(path: target, operation: "write", errno: errno)
            }
            written += n
        }
        guard isDurable else { return }
        if Platform.syncData(fd) != 0 { throw StorageError.io(path: target, operation: "fdatasync", errno: errno) }
        if !existed { syncDirectory() }
    }

    /// Cuts `name` to its first `length` bytes (durable storage: synced before this returns).
    public func truncate(_ name: String, to length: Int) throws {
        let target = path(name)
        let fd = open(target, O_WRONLY)
        guard fd >= 0 else { throw StorageError.io(path: target, operation: "open", errno: errno) }
        defer { close(fd) }
        if ftruncate(fd, off_t(length)) != 0 { throw StorageError.io(path: target, operation: "truncate", errno: errno) }
        if isDurable, fsync(fd) != 0 { throw StorageError.io(path: target, operation: "fsync", errno: errno) }
    }

    /// Syncs the directory (a created or renamed file's entry survives a power loss).
    func syncDirectory() {
        let dfd = open(directory.path, O_RDONLY)
        guard dfd >= 0 else { return }
        _ = fsync(dfd)
        close(dfd)
    }
}
