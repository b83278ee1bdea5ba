import Engine
import JSON
import SystemKit

/// What `ctlua check` validates of FlowX: process definition files (read as the `process` setup
/// member reads them, then added: each validator name they use that nothing registered, by the
/// scripts loaded before, is a warning at its place in the file (``FlowXSystem/warnings()``)), and
/// the files the `process` setup member names.
extension FlowXSystem {
    public static var checks: SystemChecks<FlowXSystem> {
        SystemChecks(
            fileKinds: [FileKind("FlowX process definition", recognizes: isProcess) { system, reader in
                let definition = try ProcessDefinition(reader.root, reader, .root)
                system.renderer.add(definition)
                // The SDK ignores an unknown name (the value counts as valid): a warning of
                // `ctlua check`, as of `ctlua test`, at the validator's place in the file.
                for unknown in system.warnings() where unknown.process == definition.name {
                    var warning = Warning(system: "flowx", unknown.detail, ignored: unknown.validator)
                    warning.problem = reader.problem(unknown.detail, at: validatorPath(unknown, in: reader.root))
                    system.renderer.transcript.warn(warning)
                }
                return []
            },
            FileKind("FlowX theme", recognizes: { $0["tokens"] != nil && $0["screens"] == nil && $0["steps"] == nil }) { _, reader in
                // A fallback theme (`setup.flowx.theme.file`): the renderer keeps it as it is; its tokens are an object.
                let root = try reader.object(reader.root, at: .root)
                _ = try reader.object(root["tokens"], at: .root.key("tokens"))
                return []
            }],
            references: [
                FileReference(.setup("process")) { value, path in
                    if let file = value.stringValue { return [(path, file)] }
                    return (value.arrayValue ?? []).enumerated().compactMap { i, entry in entry.stringValue.map { (path.index(i), $0) } }
                },
                FileReference(.setup("flowx")) { value, path in
                    value["theme"]?["file"]?.stringValue.map { [(path.key("theme").key("file"), $0)] } ?? []
                },
            ])
    }

    /// Where a warning's validator is named in a process file (the root when it is not found there).
    static func validatorPath(_ warning: FlowXWarning, in root: JSONValue) -> JSONPath {
        for (i, screen) in (root["screens"]?.arrayValue ?? []).enumerated() where screen["id"]?.stringValue == warning.screen {
            for (j, form) in (screen["forms"]?.arrayValue ?? []).enumerated() {
                for (k, field) in (form["fields"]?.arrayValue ?? []).enumerated() where field["key"]?.stringValue == warning.field {
                    for (l, spec) in (field["validators"]?.arrayValue ?? []).enumerated()
                    where (spec["name"]?.stringValue ?? spec.stringValue) == warning.validator {
                        return JSONPath.root.key("screens").index(i).key("forms").index(j).key("fields").index(k).key("validators").index(l)
                    }
                }
            }
        }
        return .root
    }

    /// A process definition: an object with `name` and `screens`.
    @Sendable static func isProcess(_ document: JSONValue) -> Bool {
        guard let object = document.objectValue else { return false }
        return object["name"] != nil && object["screens"] != nil && object["steps"] == nil
    }
}
