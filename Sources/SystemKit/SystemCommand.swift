import ArgumentParser

/// A `ctlua` subcommand contributed by a system: it gets the catalog that `ctlua` was built
/// with, so that the engines it makes are assembled like every other engine.
///
/// ## Implementation requirements
/// - Implement ``run(catalog:)``; `ctlua` calls it after parsing. Make engines with
///   ``SystemCatalog/makeEngine(_:)`` and reach your system with `Engine.plugin(_:)`.
/// - Throw `ExitCode` for a status of your own; other errors print as `ctlua` prints errors.
public protocol SystemCommand: ParsableCommand {
    mutating func run(catalog: SystemCatalog) throws
}

extension SystemCommand {
    /// Run outside `ctlua` (no catalog): a usage error.
    public mutating func run() throws {
        throw ValidationError("\(Self._commandName) runs through ctlua, which hands it the system catalog")
    }
}
