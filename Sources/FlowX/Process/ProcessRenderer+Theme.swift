import Engine
import Foundation
import JSON
import LuaRuntime
import OrderedCollections

extension ProcessRenderer {
    /// The SDK's `FXTheme.setupTheme(withUuid:workspaceId:localFileUrl:appearance:completion:)`.
    /// "Make sure the FXSessionConfig configure method was called with a valid session before
    /// setting up the theme": without a session token it throws. The theme is fetched from the
    /// simulated server (``themes``); when that fails, `fallback` (the local file's JSON, if any)
    /// is used. Either way the setup finishes (`flowx.theme` with `source`: `server`, `fallback` or
    /// `none`, the `workspaceId` when given and the `appearance`) and the start and continue APIs
    /// may be called. The caller runs the completion and the `themeFetched` subscribers with
    /// ``themeSetupFinished(_:)``.
    public func setupTheme(uuid: String, workspaceId: String? = nil, fallback: JSONValue? = nil, fallbackName: String? = nil,
                           appearance: ThemeAppearance = .light) throws(RendererError) {
        guard let token = sessionToken, !token.isEmpty else { throw .noSessionForTheme }
        let source: String
        if themes[uuid] != nil { source = "server" } else if fallback != nil { source = "fallback" } else { source = "none" }
        theme = (uuid, source)
        self.appearance = appearance
        var fields: JSONObject = ["uuid": .string(uuid), "source": .string(source)]
        if let workspaceId { fields["workspaceId"] = .string(workspaceId) }
        fields["appearance"] = .string(appearance.rawValue)
        if source != "server", let fallbackName { fields["file"] = .string(fallbackName) }
        transcript.record("flowx.theme", fields)
    }

    /// The theme setup finished: its `completion`, then every `themeFetched` subscriber with true
    /// (the SDK's Combine publisher "sends `true` if the theme setup was finished"), each contained.
    /// One of them may set the theme up again; past ``maxThemeNesting`` nested setups the nested
    /// setup's completion and subscribers do not run and an `error` says so (a completion that
    /// always calls `setupTheme` again ends there, not in a stack overflow).
    public func themeSetupFinished(_ completion: (() throws -> Void)?) {
        guard themeNesting < Self.maxThemeNesting else {
            transcript.record("error", ["message": .string(
                "flowx: setupTheme was called again from its completion or a themeFetched subscriber more than \(Self.maxThemeNesting) times deep: the theme is set up, but this setup's completion and subscribers did not run")])
            return
        }
        themeNesting += 1
        defer { themeNesting -= 1 }
        if let completion { contained("setupTheme completion") { try completion() } }
        for subscriber in themeFetched { contained("themeFetched") { try subscriber(true) } }
    }

    /// How deep setups made from a setup's completion or subscribers may nest.
    public static let maxThemeNesting = 8

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
