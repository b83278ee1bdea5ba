import Engine
import Foundation
import JSON
import LuaRuntime
import OrderedCollections

extension ProcessRenderer {
    /// The SDK's `FXTheme.setupTheme(withUuid:localFileUrl:completion:)`. "Make sure the
    /// FXSessionConfig configure method was called with a valid session before setting up the
    /// theme": without a session token it throws. The theme is fetched from the simulated server
    /// (``themes``); when that fails, `fallback` (the local file's JSON, if any) is used. Either way
    /// the setup finishes (`flowx.theme` with `source`: `server`, `fallback` or `none`) and the
    /// start and continue APIs may be called.
    public func setupTheme(uuid: String, fallback: JSONValue? = nil, fallbackName: String? = nil) throws(RendererError) {
        guard let token = sessionToken, !token.isEmpty else { throw .noSessionForTheme }
        let source: String
        if themes[uuid] != nil { source = "server" } else if fallback != nil { source = "fallback" } else { source = "none" }
        theme = (uuid, source)
        var fields: JSONObject = ["uuid": .string(uuid), "source": .string(source)]
        if source != "server", let fallbackName { fields["file"] = .string(fallbackName) }
        transcript.record("flowx.theme", fields)
    }

    /// `updateStateEnabled`: back in the foreground, the process on screen is fetched again and
    /// its screen shown anew (`flowx.process.updated`).
    func appDidEnterForeground() {
        guard configuration?.updateStateEnabled == true, let instance = current, instance.state == .running else { return }
        transcript.record("flowx.process.updated", ["process": .string(instance.definition.name), "uuid": .string(instance.uuid)])
        show(instance.screen, of: instance)
    }

    /// Reads a theme file for `setupTheme`'s fallback: a path relative to one of `roots` (the
    /// engine's script folders), without `..`; nil when there is none or it is not JSON.
    static func themeFile(_ path: String, roots: [String]) -> JSONValue? {
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return nil }
        for root in roots {
            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: root, isDirectory: true))
            guard let bytes = try? FileBytes.read(url.path), let document = try? JSONDocument(bytes: Array(bytes)) else { continue }
            return document.value
        }
        return nil
    }
}
