import Foundation

/// Downloads `http(s)` URLs into a directory, synchronously, with the `curl` program.
///
/// Why a program and not `URLSession`: FoundationNetworking links libcurl and some thirty
/// shared libraries into every `ctlua` process, which tripled its start time (benchmark B7),
/// while downloads happen in few scenarios. Non-2xx statuses are failures (`HTTP 404`);
/// transport errors carry curl's message.
public final class HTTPFileFetcher: FileFetcher {
    /// Where downloaded files are written.
    public let directory: URL
    /// Seconds before a transfer is abandoned.
    public let timeout: TimeInterval
    private var counter = 0

    public init(directory: URL, timeout: TimeInterval = 30) {
        self.directory = directory
        self.timeout = timeout
    }

    /// The curl executable, found on `PATH`.
    static func curlPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin", "/bin"] {
            let candidate = "\(folder)/curl"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    public func fetch(_ url: String) -> FileFetchResult {
        guard let remote = URL(string: url), let scheme = remote.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return .failed(reason: "unsupported URL: \(url)") }
        guard let curl = Self.curlPath() else {
            return .failed(reason: "curl is not installed (needed to download http(s) files)")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return .failed(reason: "cannot create \(directory.path): \(error)")
        }
        counter += 1
        let name = "download-\(counter)-\(UInt64(Date().timeIntervalSince1970 * 1000))" + suffix(of: remote)
        let target = directory.appendingPathComponent(name)
        let partial = target.appendingPathExtension("part")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: curl)
        process.arguments = ["--silent", "--show-error", "--location", "--max-time", String(Int(timeout.rounded(.up))),
                             "--output", partial.path, "--write-out", "%{http_code}", "--", url]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return .failed(reason: "cannot run curl: \(error)") }
        let status = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: partial) }
        guard process.terminationStatus == 0 else {
            let reason = message.split(separator: "\n").first.map(String.init) ?? "curl exited \(process.terminationStatus)"
            return .failed(reason: reason.hasPrefix("curl: ") ? String(reason.dropFirst(6)) : reason)
        }
        guard let code = Int(status), (200..<300).contains(code) else { return .failed(reason: "HTTP \(status)") }
        do {
            if !FileManager.default.fileExists(atPath: partial.path) { try Data().write(to: partial) }
            try FileManager.default.moveItem(at: partial, to: target)
        } catch {
            return .failed(reason: "cannot write \(target.path): \(error)")
        }
        return .fetched(path: target.path, cached: false)
    }

    private func suffix(of url: URL) -> String {
        let ext = url.pathExtension
        return ext.isEmpty || ext.count > 8 ? "" : "." + ext
    }
}
