import ArgumentParser
import Foundation
import Scenarios
import SystemKit

/// `ctlua check [PATH...]`: validates every file the systems read and every scenario, without
/// running a scenario (``Checker``).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate scenarios, scripts and every system's files without running a scenario.",
        discussion: """
            Takes files and folders as `test` does (folders searched recursively for .json and .lua). \
            Scenarios are validated as `test` loads them (steps, setup, expectations), their scripts \
            compiled and the files they name checked to exist; other scripts run at their top level in one \
            engine (definitions, traits, hooks and validators register); each system's JSON files (template \
            definitions, experiences, plugin configurations, river files, process definitions) are read by \
            that system; then unknown trait types and validator names are reported. Every problem is printed \
            as ctlua: FILE:LINE:COLUMN: message. Exit status: 0 no problem, 1 problems, 2 usage error.
            """)

    @Argument(help: "Files or folders (searched recursively).") var paths: [String] = ["."]

    func run() throws {
        let report = Checker(registry: StepRegistry(catalog: HostOptions.catalog)).check(paths)
        if !report.missingPaths.isEmpty {
            FileHandle.standardError.write(Data(report.missingPaths.map { "ctlua: \($0)\n" }.joined().utf8))
            throw ExitCode(Runner.ExitCode.usage)
        }
        if report.problems.isEmpty {
            print("ok: \(report.summary.isEmpty ? "no files" : report.summary)")
            return
        }
        FileHandle.standardError.write(Data(report.problems.map { "ctlua: \($0)\n" }.joined().utf8))
        throw ExitCode.failure
    }
}
