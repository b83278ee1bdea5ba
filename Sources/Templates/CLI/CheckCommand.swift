import ArgumentParser
import Foundation
import SystemKit

/// `ctlua check FILE...`: validates template definitions, reporting every error.
public struct CheckCommand: SystemCommand {
    public static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate template definitions; exit 1 with every error and its location.")

    @Argument(help: "Scripts (.lua) or JSON definitions (.json).") var files: [String]

    public init() {}

    public func run(catalog: SystemCatalog) throws {
        let definitions = try DefinitionFiles(catalog: catalog, debug: false, testUser: false)
        let errors = definitions.load(files, everyProblem: true)
        if errors.isEmpty {
            print("ok: \(definitions.templates.manager.names.count) definitions in \(files.count) files")
            return
        }
        FileHandle.standardError.write(Data(errors.map { "\($0)\n" }.joined().utf8))
        throw ExitCode.failure
    }
}
