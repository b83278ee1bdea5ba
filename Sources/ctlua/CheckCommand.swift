import ArgumentParser
import Foundation
import LuaRuntime
import Scenarios
import SystemKit

/// `ctlua check [PATH...]`: the load of a `ctlua test` run and every file the systems read,
/// without running a scenario (``Checker``).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate scenarios, scripts and every system's files without running a scenario.",
        discussion: """
            Takes files and folders as `test` does (folders searched recursively for .json and .lua). \
            Scenarios are validated as `test` loads them (steps, setup, expectations) and the files they \
            name checked to exist; per project (the folder holding .ctlua/, else the run) one engine loads \
            every script once (those found and those the scenarios list) under the policy and limits of \
            `test` (strict, 64 MiB, 50 million instructions and 60 s per script by default); then each \
            system's JSON files (template definitions, experiences, plugin configurations, river files, \
            process definitions) are read against what the scripts registered, whatever their folders, and \
            unknown trait types and validator names are reported. Every problem is printed on one line \
            (control characters escaped) as ctlua: FILE:LINE:COLUMN: message; input the SDK would ignore as \
            WARN FILE:LINE:COLUMN: message. Exit status: 0 no problem (warnings allowed unless --strict), \
            1 problems (or warnings with --strict), 2 usage error.
            """)

    @Argument(help: "Files or folders (searched recursively).") var paths: [String] = ["."]
    @Option(help: ArgumentHelp(
        "The sandbox policy scripts load under: strict (the default, as `test` runs them) or full.",
        discussion: """
            `full` trusts the scripts (io, os.execute, C modules): only for your own code, never on a pull \
            request's; `os.exit` still cannot end the check, and a watchdog ends a script that runs past \
            --timeout where the hook cannot see it (a __gc finalizer, a removed hook).
            """, valueName: "policy")) var policy: SandboxPolicy = .strict
    @Option(help: "Memory cap of a project's engine, bytes (default 64 MiB, as `test`; 0: no limit).") var maxMemory: Int?
    @Option(help: "Instructions per script's load (default 50 million, as `test`; 0: no limit).") var maxInstructions: Int?
    @Option(help: ArgumentHelp(
        "Wall-clock seconds per script's load (default 60, as `test`).",
        discussion: """
            Each entry into Lua stops with `timeout` after this long; a process watchdog ends the check \
            (status 1) one second later if a script still runs where the hook cannot stop it.
            """)) var timeout: Double?

    @Flag(help: ArgumentHelp(
        "Warnings fail the check (exit 1), as `ctlua test --strict` fails a scenario on them.",
        discussion: "Without it a warning (input the SDK would ignore) is a WARN line on standard error that fails nothing."))
    var strict = false
    @Option(help: ArgumentHelp(
        "`github`: also print each problem and warning as a GitHub Actions annotation (standard output).",
        discussion: "`::error file=F,line=L,col=C::message` (`::warning` for warnings). On by itself when GITHUB_ACTIONS=true.",
        valueName: "name")) var reporter: String?

    func validate() throws {
        if let reporter, reporter != "github" { throw ValidationError("--reporter \(reporter): expected github") }
    }

    /// The root command declares the limits too (for `-e` and standard input); see `TestCommand`.
    @ParentCommand var root: CTLua

    func run() throws {
        let limits = ScenarioLimits(maxMemory: maxMemory ?? root.host.maxMemory,
                                    maxInstructions: maxInstructions ?? root.host.maxInstructions,
                                    timeout: timeout ?? root.host.timeout)
        try LimitOptions.check(memory: limits.maxMemory, instructions: limits.maxInstructions, timeout: limits.timeout)
        var checker = Checker(registry: StepRegistry(catalog: HostOptions.catalog))
        checker.limits = limits.luaLimits
        checker.policy = policy
        checker.watchdog = true
        let report = checker.check(paths)
        if !report.missingPaths.isEmpty {
            FileHandle.standardError.write(Data(report.missingPaths.map { "ctlua: \($0)\n" }.joined().utf8))
            throw ExitCode(Runner.ExitCode.usage)
        }
        if GitHubAnnotations.enabled(reporter: reporter, environment: ProcessInfo.processInfo.environment) {
            print(Self.annotations(report), terminator: "")
        }
        let warned = report.warnings.map { "WARN \($0)\n" }.joined()
        let failed = report.problems.map { "ctlua: \($0)\n" }.joined()
        let count = report.warnings.count
        let warnings = "\(count) warning\(count == 1 ? "" : "s")"
        if report.problems.isEmpty && (count == 0 || !strict) {
            FileHandle.standardError.write(Data(warned.utf8))
            print("ok: \(report.summary.isEmpty ? "no files" : report.summary)\(count == 0 ? "" : " (\(warnings))")")
            return
        }
        let strictly = strict && count > 0 ? "ctlua: \(warnings) (--strict)\n" : ""
        FileHandle.standardError.write(Data((warned + failed + strictly).utf8))
        throw ExitCode.failure
    }
}

extension CheckCommand {
    /// GitHub annotations of a check: `::error` per problem, `::warning` per warning, at the
    /// `FILE:LINE:COLUMN` each line starts with (the file alone, or none, when it names less).
    static func annotations(_ report: Checker.Report) -> String {
        func line(_ kind: String, _ text: String) -> String {
            guard let (location, rest) = SourceLocation.leading(in: text) else {
                return "::\(kind) title=ctlua check::\(GitHubAnnotations.data(text))\n"
            }
            return GitHubAnnotations.command(kind, location, title: "ctlua check", message: rest) + "\n"
        }
        return report.problems.map { line("error", $0) }.joined() + report.warnings.map { line("warning", $0) }.joined()
    }
}

extension SandboxPolicy: ExpressibleByArgument {}
