import Foundation
import LuaRuntime
import TestSupport
import Testing

@testable import Engine

/// What curl prints and what it downloads are bounded like every input (issue 20, a leftover of
/// item 5): its output was read to the end whatever its size, and the download had no size limit.
/// A fake `curl` script stands in for the program.
@Suite struct HTTPFileFetcherTests {
    /// A fetcher whose curl is the shell script `body` (`$out`: the `--output` path).
    static func fetcher(_ body: String, maxFileSize: Int = FileBytes.limit) throws -> (HTTPFileFetcher, URL) {
        let dir = try TemporaryFolder.make()
        let curl = dir.appendingPathComponent("curl")
        let script = Array("""
            #!/bin/sh
            while [ $# -gt 0 ]; do if [ "$1" = "--output" ]; then out="$2"; fi; shift; done
            \(body)

            """.utf8)
        // Written with O_CLOEXEC: a process another test spawns meanwhile must not keep it open for
        // writing, or running it fails with "Text file busy".
        let fd = open(curl.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        #expect(fd >= 0 && script.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == script.count)
        close(fd)
        return (HTTPFileFetcher(directory: dir.appendingPathComponent("downloads"), maxFileSize: maxFileSize, curl: curl.path), dir)
    }

    @Test func aCurlThatPrintsWithoutEndIsStoppedWithAClearFailure() throws {
        let (made, dir) = try Self.fetcher("yes 200")
        defer { try? FileManager.default.removeItem(at: dir) }
        let curl = try #require(made.curl), downloads = made.directory
        let outcome = withDeadline(30) { () -> String in
            let fetcher = HTTPFileFetcher(directory: downloads, curl: curl)
            guard case .failed(let reason) = fetcher.fetch("https://example.test/a.png") else { return "fetched" }
            return reason
        }
        guard case .success(let reason)? = outcome else { Issue.record("did not finish"); return }
        #expect(reason == "curl printed more than \(HTTPFileFetcher.outputLimit) bytes; stopped")
    }

    @Test func anErrorMessageWithoutEndIsStoppedToo() throws {
        let (made, dir) = try Self.fetcher("yes oops >&2")
        defer { try? FileManager.default.removeItem(at: dir) }
        let curl = try #require(made.curl), downloads = made.directory
        let outcome = withDeadline(30) { () -> Bool in
            let fetcher = HTTPFileFetcher(directory: downloads, curl: curl)
            if case .failed(let reason) = fetcher.fetch("https://example.test/a.png") { return reason.contains("printed more than") }
            return false
        }
        #expect(outcome.map { (try? $0.get()) == true } == true)
    }

    @Test func aDownloadPastTheSizeLimitIsRefusedAndRemoved() throws {
        let (fetcher, dir) = try Self.fetcher(#"head -c 5000 /dev/zero > "$out"; printf 200"#, maxFileSize: 1000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = fetcher.fetch("https://example.test/a.png")
        guard case .failed(let reason) = result else { Issue.record("fetched: \(result)"); return }
        #expect(reason == "larger than 1000 bytes (5000)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: fetcher.directory.path)) == [])
    }

    @Test func aDownloadWithinTheLimitIsFetched() throws {
        let (fetcher, dir) = try Self.fetcher(#"printf hello > "$out"; printf 200"#, maxFileSize: 5)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = fetcher.fetch("https://example.test/a.txt")
        guard case .fetched(let path, _) = result else { Issue.record("not fetched: \(result)"); return }
        #expect(FileManager.default.contents(atPath: path) == Data("hello".utf8))
    }
}
