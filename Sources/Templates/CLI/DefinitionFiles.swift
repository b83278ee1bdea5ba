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

    /// Loads every file; returns one message per problem (`file:line:column: message`). With
    /// `everyProblem` (`ctlua check`) a file goes on after a bad definition, so every problem of
    /// every definition is reported, each at its own line and column.
    func load(_ paths: [String], everyProblem: Bool = false) -> [String] {
        var errors: [String] = []
        let checker = everyProblem ? DefinitionChecker() : nil
        templates.checker = checker
        defer { templates.checker = nil }
        for path in paths {
            if path.hasSuffix(".json") {
                errors += loadJSON(path, everyProblem: everyProblem)
                continue
            }
            let before = checker?.problems.count ?? 0
            var failure: String?
            do { try engine.load(path: path) } catch {
                failure = (error as? LuaError)?.message ?? "\(path): \(error)"
            }
            if let checker { errors += checker.problems[before...].map(\.description) }
            if let failure { errors.append(failure) }
        }
        return errors
    }

    private func loadJSON(_ path: String, everyProblem: Bool) -> [String] {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { return ["\(path): cannot read the file (\(error.problem))"] }
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes) } catch {
            return [LocatedProblem(file: path, position: error.position,
                                   message: "Error parsing JSON template definitions: \(error.reason).").description]
        }
        let placeholder = PlaceholderPresenter()
        if everyProblem {
            let producer = JSONTemplateProducer(definitions: document.value, templatePresenter: placeholder, functionPresenter: placeholder)
            let problems = producer.problems()
            if !problems.isEmpty {
                return problems.map { problem in
                    let at = document.nearestPosition(of: problem.path)
                    return LocatedProblem(file: path, position: at ?? SourcePosition(line: 1, column: 1),
                                          message: problem.error.description).description
                }
            }
        }
        do {
            try templates.defineJSON(document.value, templatePresenter: placeholder, functionPresenter: placeholder)
        } catch {
            let at = document.position(of: .root) ?? SourcePosition(line: 1, column: 1)
            return [LocatedProblem(file: path, position: at, message: "\(error)").description]
        }
        return []
    }
}

/// Stands in for the presenter of JSON definitions that are only checked or synced.
final class PlaceholderPresenter: TemplatePresenter {
    func onPresent(context: CustomTemplateContext) throws {}
}
