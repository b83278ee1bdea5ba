/// Everything `ctlua test` takes from its command line.
public struct RunnerOptions: Sendable {
    /// Files or folders (searched recursively); empty means the current folder.
    public var paths: [String] = []
    /// Parallel workers; nil means one per core.
    public var jobs: Int?
    /// Only this shard of the scenarios.
    public var shard: Shard?
    /// A regular expression that scenario names must contain a match of.
    public var filter: String?
    /// Where to write JUnit XML.
    public var junitPath: String?
    /// Where to write the JSON report.
    public var jsonPath: String?
    /// Where to write LCOV line coverage of the scripts the scenarios loaded (`-`: standard
    /// output); nil records none.
    public var coveragePath: String?
    /// With coverage: the scripts that count, as globs relative to the working folder (`**` any
    /// folders, `*` and `?` within a name); one that no scenario loaded counts with 0 hits. Nil:
    /// every `.lua` under the working folder except scenarios, LuaLS `---@meta` files, hidden
    /// folders and `.build*`. Empty: only the scripts the scenarios loaded.
    public var coverageInclude: [String]?
    /// TAP 13 on stdout instead of the text report.
    public var tap = false
    /// After the report, GitHub Actions annotations (`::error file=...,line=...::...`) of each
    /// failure and warning (`--reporter github`, `GITHUB_ACTIONS=true`; ``GitHubAnnotations``).
    public var github = false
    /// Wall-clock times in the report files (JUnit `time`, the JSON report's `duration`, the HTML
    /// report's times); `--no-times` turns them off, so two runs of the same scenarios write the
    /// same reports (a diff, a cache, a golden report).
    public var wallTimes = true
    /// `--verbose`: a failure inside a pattern also shows the line diff of the whole pattern
    /// against the whole value.
    public var verbose = false
    /// Folder for transcripts (JSON lines) of failed scenarios.
    public var traceDirectory: String?
    /// With `traceDirectory`: transcripts of every scenario.
    public var traceAll = false
    /// Folder for the HTML run report (`--report`), with each step's screen; nil writes none.
    public var reportDirectory: String?
    /// Limits handed to the driver factory for each scenario.
    public var limits = ScenarioLimits()
    /// Progress line: nil decides by whether stderr is a terminal.
    public var progress: Bool?
    /// Golden transcripts: update them, and whether this is CI (a missing one fails).
    public var snapshots = SnapshotMode()
    /// `--strict`: every scenario fails on its `warning` events (as `"strict": true` does).
    public var strict = false
    /// Run each scenario in a supervised worker process (``WorkerOptions``); nil: in this process.
    /// A worker assembles engines from its own catalog (the worker executable's), so a custom
    /// `makeEngine` given to ``Runner`` applies only in this process.
    public var workers: WorkerOptions?

    public init(paths: [String] = [], jobs: Int? = nil, shard: Shard? = nil, filter: String? = nil,
                junitPath: String? = nil, jsonPath: String? = nil, tap: Bool = false,
                traceDirectory: String? = nil, traceAll: Bool = false, limits: ScenarioLimits = ScenarioLimits(),
                progress: Bool? = nil, workers: WorkerOptions? = nil) {
        self.paths = paths
        self.jobs = jobs
        self.shard = shard
        self.filter = filter
        self.junitPath = junitPath
        self.jsonPath = jsonPath
        self.tap = tap
        self.traceDirectory = traceDirectory
        self.traceAll = traceAll
        self.limits = limits
        self.progress = progress
        self.workers = workers
    }
}
