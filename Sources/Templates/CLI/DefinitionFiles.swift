import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// Loads template definitions from scripts (`.lua`) and CleverTap JSON files (`.json`)
/// into one engine, collecting every error with its location.
struct DefinitionFiles {
    let engine: Engine
    let templates: TemplatesSystem

    init(catalog: SystemCatalog, debug: Bool, testUser: Bool) throws {
        engine = try catalog.makeEngine()
        templates = try engine.plugin(TemplatesSystem.self)
        templates.instance.isDebugBuild = debug
        templates.instance.isTestUser = testUser
    }

    /// Loads every file; returns one message per problem (`file:line:column: message`).
    func load(_ paths: [String]) -> [String] {
        var errors: [String] = []
        for path in paths {
            if path.hasSuffix(".json") {
                guard let bytes = try? FileBytes.read(path) else {
                    errors.append("\(path): cannot read the file")
                    continue
                }
                let json: JSONValue
                do { json = try JSONValue.decode(bytes) } catch {
                    if case .syntax(let line, let column, _, let reason) = error {
                        errors.append("\(path):\(line):\(column): Error parsing JSON template definitions: \(reason).")
                    } else {
                        errors.append("\(path): \(error)")
                    }
                    continue
                }
                do {
                    try templates.defineJSON(json, templatePresenter: PlaceholderPresenter(), functionPresenter: PlaceholderPresenter())
                } catch {
                    errors.append("\(path): \(error)")
                }
            } else {
                do { try engine.load(path: path) } catch {
                    errors.append((error as? LuaError)?.message ?? "\(path): \(error)")
                }
            }
        }
        return errors
    }
}

/// Stands in for the presenter of JSON definitions that are only checked or synced.
final class PlaceholderPresenter: TemplatePresenter {
    func onPresent(context: CustomTemplateContext) throws {}
}
