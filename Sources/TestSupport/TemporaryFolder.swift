import Foundation

/// Temporary folders for tests, one helper for every test target: `ctlua-test-<UUID>` in the
/// system's temporary directory. The test removes it (`defer { try? FileManager.default.removeItem(at: dir) }`).
public enum TemporaryFolder {
    /// A new, empty folder.
    public static func make() throws -> URL {
        let url = path()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A fresh path where nothing exists yet, for code under test that creates the folder (or
    /// must cope with it missing).
    public static func path() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-test-\(UUID().uuidString)")
    }
}
