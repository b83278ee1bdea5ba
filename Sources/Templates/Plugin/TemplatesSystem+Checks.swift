import JSON
import SystemKit

/// What `ctlua check` validates of templates: definition scripts (every problem of every
/// `templates.define`, not only the first) and CleverTap JSON definition files.
extension TemplatesSystem {
    public static var checks: SystemChecks<TemplatesSystem> {
        SystemChecks(
            fileKinds: [FileKind("CleverTap template definition", recognizes: isDefinitionFile) { system, reader in
                system.checkJSON(reader)
            }],
            prepare: { system in system.checker = DefinitionChecker() },
            finish: { system in
                defer { system.checker = nil }
                return system.checker?.problems.map(\.description) ?? []
            })
    }

    /// CleverTap's definitions format: an object of name → `{"type": ..., "arguments": ...}`.
    @Sendable static func isDefinitionFile(_ document: JSONValue) -> Bool {
        guard let object = document.objectValue, !object.isEmpty, object["steps"] == nil else { return false }
        return object.values.allSatisfy { $0.objectValue.map { $0["type"] != nil || $0["arguments"] != nil } ?? false }
    }

    /// Every problem of a JSON definitions file, each at the key it is about; when there is none,
    /// the definitions are defined (with a placeholder presenter) so a name defined twice is found.
    func checkJSON(_ reader: JSONReader) -> [String] {
        let placeholder = PlaceholderPresenter()
        let producer = JSONTemplateProducer(definitions: reader.root, templatePresenter: placeholder, functionPresenter: placeholder)
        let problems = producer.problems()
        if !problems.isEmpty { return problems.map { reader.problem($0.error.description, at: $0.path).description } }
        do { try defineJSON(reader.root, templatePresenter: placeholder, functionPresenter: placeholder) } catch {
            return [reader.problem("\(error)", at: .root).description]
        }
        return []
    }
}
