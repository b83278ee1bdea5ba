import ArgumentParser
import Foundation
import SystemKit
import JSON

/// `ctlua sync FILE...`: prints the `defineTemplates` payload of the definitions.
public struct SyncCommand: SystemCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Print the sync payload of template definitions (debug build and test user only).")

    @Argument(help: "Scripts (.lua) or JSON definitions (.json).") var files: [String]
    @Flag(help: "The app is a debug build (required, as the SDK syncs only from debug builds).") var debug = false
    @Flag(help: "The user is a test user (required).") var testUser = false
    @Flag(help: "Sort keys and indent the output.") var pretty = false

    public init() {}

    public func run(catalog: SystemCatalog) throws {
        let definitions = try DefinitionFiles(catalog: catalog, debug: debug, testUser: testUser)
        let errors = definitions.load(files)
        guard errors.isEmpty else {
            FileHandle.standardError.write(Data(errors.map { "ctlua: \($0)\n" }.joined().utf8))
            throw ExitCode.failure
        }
        do {
            let payload = try definitions.templates.manager.syncPayload()
            print(try payload.encoded(options: pretty ? JSONEncodeOptions(sortKeys: true, indent: 2) : JSONEncodeOptions()))
        } catch {
            FileHandle.standardError.write(Data("ctlua: sync refused: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
