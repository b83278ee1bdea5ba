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

    /// A new folder holding `files` (path relative to the folder → contents).
    public static func make(files: [String: String]) throws -> URL {
        let url = try make()
        try write(files, into: url)
        return url
    }

    /// Writes `files` (path relative to `folder` → contents) into `folder`, making subfolders as needed.
    public static func write(_ files: [String: String], into folder: URL) throws {
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    /// A fresh path where nothing exists yet, for code under test that creates the folder (or
    /// must cope with it missing).
    public static func path() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-test-\(UUID().uuidString)")
    }
}
