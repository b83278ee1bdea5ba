import Foundation
import Platform
import Testing
import TestSupport

/// The C library's calls that differ between Linux and macOS, in one place (`Sources/Platform`).
@Suite struct PlatformTests {
    @Test func socketPairIsCloseOnExecAndSendToAGonePeerFailsWithoutSIGPIPE() throws {
        let (a, b) = try #require(Platform.socketPair())
        defer { close(a) }
        #expect(fcntl(a, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(b, F_GETFD) & FD_CLOEXEC != 0)
        let bytes: [UInt8] = [1, 2, 3]
        #expect(bytes.withUnsafeBytes { Platform.send(a, $0.baseAddress, $0.count) } == 3)
        var read = [UInt8](repeating: 0, count: 3)
        #expect(read.withUnsafeMutableBytes { Platform.recv(b, $0.baseAddress, $0.count) } == 3)
        #expect(read == bytes)
        close(b)
        // Without MSG_NOSIGNAL / SO_NOSIGPIPE this would kill the test process with SIGPIPE.
        #expect(bytes.withUnsafeBytes { Platform.send(a, $0.baseAddress, $0.count) } == -1)
        #expect(errno == EPIPE || errno == ECONNRESET)
    }

    @Test func syncDataWritesAndReadsThroughTheFile() throws {
        let folder = try TemporaryFolder.make()
        let path = folder.appendingPathComponent("f").path
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        try #require(fd >= 0)
        #expect("abc".withCString { Platform.write(fd, $0, 3) } == 3)
        #expect(Platform.syncData(fd) == 0)
        close(fd)
        #expect(Platform.syncData(fd) == -1, "a closed descriptor is an error, not ignored")
        let reader = open(path, O_RDONLY)
        defer { close(reader) }
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(buffer.withUnsafeMutableBytes { Platform.read(reader, $0.baseAddress, $0.count) } == 3)
    }

    @Test func executablePathIsThisTestProcess() throws {
        let path = try #require(Platform.executablePath)
        #expect(FileManager.default.isExecutableFile(atPath: path))
        #expect(path == (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) || !FileManager.default.fileExists(atPath: "/proc/self/exe"))
    }

    /// Every other file reaches the C library through `Platform`: none imports Glibc or Darwin or
    /// names either module (`Glibc.write`), so a port to macOS changes this folder only.
    @Test func noOtherFileNamesGlibcOrDarwin() throws {
        let root = CLI.packageRoot
        var offenders: [String] = []
        for folder in ["Sources", "Tests", "Benchmarks", "examples/embedding"] {
            let base = root.appendingPathComponent(folder)
            for file in try FileManager.default.subpathsOfDirectory(atPath: base.path) where file.hasSuffix(".swift") {
                let path = "\(folder)/\(file)"
                guard !path.hasPrefix("Sources/Platform/"), path != "Tests/PlatformTests/PlatformTests.swift" else { continue }
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains("Glibc") || line.contains("import Darwin") || line.contains("Darwin.") {
                    offenders.append("\(path):\(number + 1): \(line)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
