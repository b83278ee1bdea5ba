import Platform
import Foundation
import LuaRuntime

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
    /// The largest file downloaded (``FileBytes/limit``, as for every file ctlua reads).
    public let maxFileSize: Int
    /// The curl program (nil: found on `PATH`).
    let curl: String?
    /// The most bytes kept of what curl prints (its status code and its error message): past it
    /// curl is killed, so a program that prints without end neither fills memory nor hangs.
    static let outputLimit = 64 << 10
    private var counter = 0

    public init(directory: URL, timeout: TimeInterval = 30, maxFileSize: Int = FileBytes.limit, curl: String? = nil) {
        self.directory = directory
        self.timeout = timeout
        self.maxFileSize = maxFileSize
        self.curl = curl
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
        guard let curl = curl ?? Self.curlPath() else {
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
                             "--max-filesize", String(maxFileSize), "--output", partial.path, "--write-out", "%{http_code}", "--", url]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return .failed(reason: "cannot run curl: \(error)") }
        let (statusBytes, messageBytes, overflowed) = Self.readBoth(out, err, of: process)
        let status = String(decoding: statusBytes, as: UTF8.self), message = String(decoding: messageBytes, as: UTF8.self)
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: partial) }
        if overflowed { return .failed(reason: "curl printed more than \(Self.outputLimit) bytes; stopped") }
        guard process.terminationStatus == 0 else {
            let reason = message.split(separator: "\n").first.map(String.init) ?? "curl exited \(process.terminationStatus)"
            return .failed(reason: reason.hasPrefix("curl: ") ? String(reason.dropFirst(6)) : reason)
        }
        guard let code = Int(status), (200..<300).contains(code) else { return .failed(reason: "HTTP \(status)") }
        // curl stops a transfer past --max-filesize; a file larger anyway (a size the server did
        // not announce, another program in curl's place) is refused here.
        if let size = (try? FileManager.default.attributesOfItem(atPath: partial.path))?[.size] as? Int, size > maxFileSize {
            return .failed(reason: "larger than \(maxFileSize) bytes (\(size))")
        }
        do {
            if !FileManager.default.fileExists(atPath: partial.path) { try Data().write(to: partial) }
            try FileManager.default.moveItem(at: partial, to: target)
        } catch {
            return .failed(reason: "cannot write \(target.path): \(error)")
        }
        return .fetched(path: target.path, cached: false)
    }

    /// What the process prints on both pipes (read at once, so neither fills up and blocks it),
    /// each up to ``outputLimit`` bytes; past it the process is killed and `overflowed` is true.
    static func readBoth(_ out: Pipe, _ err: Pipe, of process: Process) -> (out: Data, err: Data, overflowed: Bool) {
        let pid = process.processIdentifier
        let stop: @Sendable () -> Void = { kill(pid, SIGKILL) }
        let box = ReadBox()
        let done = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        DispatchQueue.global().async {
            box.result = readBounded(errHandle, onOverflow: stop)
            done.signal()
        }
        let (outData, outOverflow) = readBounded(out.fileHandleForReading, onOverflow: stop)
        done.wait()
        return (outData, box.result.data, outOverflow || box.result.overflowed)
    }

    /// Reads `handle` to its end, keeping at most ``outputLimit`` bytes; past it, calls
    /// `onOverflow` and closes `handle` (a writer that outlives the kill, a child of a script in
    /// curl's place, then fails with `EPIPE` instead of writing forever).
    static func readBounded(_ handle: FileHandle, onOverflow: () -> Void) -> (data: Data, overflowed: Bool) {
        var data = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return (data, false) }
            guard data.count + chunk.count <= outputLimit else {
                onOverflow()
                try? handle.close()
                return (data, true)
            }
            data.append(chunk)
        }
    }

    private func suffix(of url: URL) -> String {
        let ext = url.pathExtension
        return ext.isEmpty || ext.count > 8 ? "" : "." + ext
    }
}

/// The result of the reader of curl's standard error, handed back across the semaphore.
private final class ReadBox: @unchecked Sendable {
    var result: (data: Data, overflowed: Bool) = (Data(), false)
}
