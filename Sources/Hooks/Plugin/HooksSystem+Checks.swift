import JSON
import SystemKit

/// What `ctlua check` validates of hooks: `plugin_configurations.json` and river files, read by
/// the readers the `plugins` and `screens` setup members use, and the files those members name.
extension HooksSystem {
    public static var checks: SystemChecks<HooksSystem> {
        SystemChecks(
            fileKinds: [
                FileKind("hook plugin configuration", recognizes: { isArray(of: ["plugin"], $0) }) { _, reader in
                    _ = try PluginModel.parseConfigurations(reader)
                    return []
                },
                FileKind("river file", recognizes: { isArray(of: ["id", "hooks"], $0) }) { _, reader in
                    _ = try ScreenModel.parseRiver(reader)
                    return []
                },
            ],
            references: ["plugins", "screens"].map { member in
                FileReference(.setup(member)) { value, path in value.stringValue.map { [(path, $0)] } ?? [] }
            })
    }

    /// A non-empty array of objects, one having every key of `keys`.
    static func isArray(of keys: [String], _ document: JSONValue) -> Bool {
        guard let items = document.arrayValue else { return false }
        return items.contains { item in keys.allSatisfy { item.objectValue?[$0] != nil } }
    }
}
