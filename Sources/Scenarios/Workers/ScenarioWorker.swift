#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLuaSupport
import Engine
import JSON

/// The worker side of ``WorkerProtocol``: `ctlua __worker` runs scenarios one at a time, each
/// on a fresh engine, streaming transcript events and then the result.
public enum ScenarioWorker {
    /// Serves requests on ``WorkerProtocol/channel`` until the runner closes it; returns the exit status.
    ///
    /// - Parameter addressSpace: caps the process's address space (RLIMIT_AS) first, a
    ///   backstop for memory the engine's own limits do not see; nil or 0: no cap.
    public static func serve(registry: StepRegistry, addressSpace: Int?) -> Int32 {
        let channel = WorkerProtocol.channel
        _ = ctl_die_with_parent()
        _ = ctl_disable_core_dumps()   // a crashing scenario leaves no core file behind
        if let addressSpace, addressSpace > 0 { _ = ctl_limit_address_space(UInt64(addressSpace)) }
        let loader = ScenarioLoader(registry: registry)
        var inbox = WorkerProtocol.Inbox()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let request: JSONValue
            do {
                guard let next = try inbox.next() else {
                    let n = chunk.withUnsafeMutableBytes { Glibc.read(channel, $0.baseAddress!, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return 0 }   // the runner closed the socket: done
                    chunk.withUnsafeBytes { inbox.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                    continue
                }
                request = next
            } catch {
                writeError("ctlua worker: \(error)\n")
                return 3
            }
            guard let run = request["run"], let file = run["file"]?.stringValue,
                  let relativePath = run["relativePath"]?.stringValue else {
                writeError("ctlua worker: unexpected request\n")
                return 3
            }
            let found = ScenarioDiscovery.Found(relativePath: relativePath, file: file)
            let result: ScenarioResult
            switch loader.load(found) {
            case .success(let scenario):
                var executor = ScenarioExecutor(registry: registry, limits: WorkerProtocol.limits(from: request["limits"]))
                executor.observer = { event in WorkerProtocol.send(WorkerProtocol.frame(WorkerProtocol.event(event)), to: channel) }
                result = executor.run(scenario)
            case .failure(let errors):
                result = ScenarioResult(name: relativePath, relativePath: relativePath,
                                        failures: [ScenarioFailure(message: "cannot load the scenario: \(errors)")],
                                        transcript: [], duration: 0)
            }
            let message = WorkerProtocol.result(name: result.name, failures: result.failures, duration: result.duration)
            guard WorkerProtocol.send(WorkerProtocol.frame(message), to: channel) else { return 0 }
        }
    }

    private static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress!, $0.count) }
    }
}
