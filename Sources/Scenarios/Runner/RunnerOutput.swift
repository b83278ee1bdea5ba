import Foundation

/// Where the runner writes: stdout (report, TAP), stderr (errors, progress), and files.
public struct RunnerOutput: Sendable {
    public var stdout: @Sendable (String) -> Void
    public var stderr: @Sendable (String) -> Void
    /// Whether stderr is a terminal (progress line) by default.
    public var isTerminal: Bool
    /// Writes a report or trace file, creating folders as needed.
    public var writeFile: @Sendable (_ path: String, _ contents: String) throws -> Void

    public init(stdout: @escaping @Sendable (String) -> Void, stderr: @escaping @Sendable (String) -> Void,
                isTerminal: Bool, writeFile: @escaping @Sendable (String, String) throws -> Void = RunnerOutput.writeToDisk) {
        self.stdout = stdout
        self.stderr = stderr
        self.isTerminal = isTerminal
        self.writeFile = writeFile
    }

    /// The process's standard streams.
    public static var standard: RunnerOutput {
        RunnerOutput(
            stdout: { FileHandle.standardOutput.write(Data($0.utf8)) },
            stderr: { FileHandle.standardError.write(Data($0.utf8)) },
            isTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// Writes atomically, creating the parent folder.
    public static let writeToDisk: @Sendable (String, String) throws -> Void = { path, contents in
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url, options: .atomic)
    }
}
