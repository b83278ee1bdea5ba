import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads `http(s)` URLs with `URLSession` into a directory, synchronously.
///
/// The engine is single-threaded, so a fetch blocks on a semaphore until the
/// transfer completes or `timeout` passes. Non-2xx statuses are failures
/// (`HTTP 404`).
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

    public func fetch(_ url: String) -> FileFetchResult {
        guard let remote = URL(string: url), let scheme = remote.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return .failed(reason: "unsupported URL: \(url)") }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return .failed(reason: "cannot create \(directory.path): \(error)")
        }
        let box = ResultBox()
        let semaphore = DispatchSemaphore(value: 0)
        var request = URLRequest(url: remote)
        request.timeoutInterval = timeout
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                box.set(.failure(error.localizedDescription))
            } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                box.set(.failure("HTTP \(http.statusCode)"))
            } else {
                box.set(.success(data ?? Data()))
            }
            semaphore.signal()
        }
        task.resume()
        if semaphore.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .failed(reason: "timeout")
        }
        switch box.get() {
        case .success(let data)?:
            counter += 1
            let name = "download-\(counter)-\(UInt64(Date().timeIntervalSince1970 * 1000))" + suffix(of: remote)
            let target = directory.appendingPathComponent(name)
            do {
                try data.write(to: target, options: .atomic)
            } catch {
                return .failed(reason: "cannot write \(target.path): \(error)")
            }
            return .fetched(path: target.path, cached: false)
        case .failure(let reason)?: return .failed(reason: reason)
        case nil: return .failed(reason: "no response")
        }
    }

    private func suffix(of url: URL) -> String {
        let ext = url.pathExtension
        return ext.isEmpty || ext.count > 8 ? "" : "." + ext
    }

    private enum Outcome {
        case success(Data)
        case failure(String)
    }

    /// Carries the completion handler's result back to the waiting thread.
    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var outcome: Outcome?
        func set(_ value: Outcome) { lock.lock(); outcome = value; lock.unlock() }
        func get() -> Outcome? { lock.lock(); defer { lock.unlock() }; return outcome }
    }
}
