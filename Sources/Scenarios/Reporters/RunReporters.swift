import LuaRuntime

/// The report at the end of a run: the text report (or TAP with `--tap`), then the coverage
/// summary with `--coverage`, then GitHub annotations with `--reporter github`. It goes to standard output, or to standard error when a report
/// file is written to standard output (`-`), which stays machine-readable.
public final class SummaryReporter: RunnerReporter, @unchecked Sendable {
    private let options: RunnerOptions
    private let output: RunnerOutput

    public init(options: RunnerOptions, output: RunnerOutput) {
        self.options = options
        self.output = output
    }

    public func handle(_ event: RunnerEvent) {
        guard case .runFinished(let results, let coverage) = event else { return }
        var report = options.tap ? TAPReporter.render(results)
            : TextReporter.render(results, colour: output.colour, verbose: options.verbose, reportDirectory: options.reportDirectory)
        if let coverage {
            for line in LCOVReporter.summary(coverage) { report += (options.tap ? "# " : "") + line + "\n" }
        }
        if options.github { report += GitHubAnnotations.render(results) }
        let toStandardOutput: (String?) -> Bool = { ["-", "/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"].contains($0 ?? "") }
        if toStandardOutput(options.junitPath) || toStandardOutput(options.jsonPath) || toStandardOutput(options.coveragePath) {
            output.stderr(report)
        } else {
            output.stdout(report)
        }
    }
}

/// The report files of a run: `--junit`, `--json`, `--coverage` and the `--trace` transcripts.
/// A file it cannot write is thrown (`ctlua: FILE: reason`, exit 2); a transcript that cannot be
/// written (a symbolic link where it goes) does not stop the others.
public final class ReportFilesReporter: RunnerReporter, @unchecked Sendable {
    private let options: RunnerOptions
    private let output: RunnerOutput

    public init(options: RunnerOptions, output: RunnerOutput) {
        self.options = options
        self.output = output
    }

    public func handle(_ event: RunnerEvent) throws {
        guard case .runFinished(let results, let coverage) = event else { return }
        if let path = options.junitPath { try output.writeFile(path, JUnitReporter.render(results, wallTimes: options.wallTimes)) }
        if let path = options.jsonPath { try output.writeFile(path, JSONReporter.render(results, wallTimes: options.wallTimes)) }
        if let path = options.coveragePath, let coverage { try output.writeFile(path, LCOVReporter.render(coverage)) }
        if let directory = options.traceDirectory {
            // named after scenarios: never written through a link; one that fails does not stop the others
            try ReporterErrors.collecting(results.filter { options.traceAll || !$0.passed }) { result in
                try output.writeNamedFile(directory + "/" + JSONReporter.traceFileName(result.relativePath), JSONReporter.transcript(result))
            }
        }
    }
}
