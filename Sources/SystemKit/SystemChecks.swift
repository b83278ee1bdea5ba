import Engine
import JSON

/// What `ctlua check` asks of a system: the JSON files it reads, the files its scenario steps and
/// setup members name, and the problems it finds once every script and file is loaded.
///
/// `ctlua check` loads the scripts it finds (not scenarios) into one engine, then hands each JSON
/// file to the first system that ``FileKind/recognizes`` it, then asks each system to ``finish``.
public struct SystemChecks<System: EngineSystem>: Sendable {
    /// The JSON files the system reads, each recognised by its content.
    public var fileKinds: [FileKind<System>]
    /// Files named by the system's steps and setup members (checked to exist, relative to the scenario).
    public var references: [FileReference]
    /// Called before any script loads (a system that collects every problem instead of the first installs its collector).
    public var prepare: @Sendable (System) -> Void
    /// Problems found once every script and file is loaded (unknown validator or trait types), one message each.
    public var finish: @Sendable (System) -> [String]

    public init(fileKinds: [FileKind<System>] = [], references: [FileReference] = [],
                prepare: @escaping @Sendable (System) -> Void = { _ in },
                finish: @escaping @Sendable (System) -> [String] = { _ in [] }) {
        self.fileKinds = fileKinds
        self.references = references
        self.prepare = prepare
        self.finish = finish
    }
}

/// A kind of JSON file a system reads (an Appcues experience, a FlowX process definition).
public struct FileKind<System: EngineSystem>: Sendable {
    /// What users call it (`FlowX process definition`).
    public var name: String
    /// Whether a parsed document is of this kind, by its content (decisive members, not validity).
    public var recognizes: @Sendable (JSONValue) -> Bool
    /// Reads the document with the system's own reader, as a scenario would load it; throws its
    /// first problem (a ``LocatedProblem``) or returns every problem found.
    public var check: @Sendable (System, JSONReader) throws -> [String]

    public init(_ name: String, recognizes: @escaping @Sendable (JSONValue) -> Bool,
                check: @escaping @Sendable (System, JSONReader) throws -> [String]) {
        self.name = name
        self.recognizes = recognizes
        self.check = check
    }
}

/// Files that a step or setup member names, relative to the scenario.
public struct FileReference: Sendable {
    /// Where the names are.
    public enum Place: Sendable, Equatable {
        case step(String)
        case setup(String)
    }
    public var place: Place
    /// The files a value at `path` names, each with its own JSON path.
    public var files: @Sendable (_ value: JSONValue, _ path: JSONPath) -> [(JSONPath, String)]

    public init(_ place: Place, files: @escaping @Sendable (JSONValue, JSONPath) -> [(JSONPath, String)]) {
        self.place = place
        self.files = files
    }
}

/// A ``FileKind`` of any system.
public struct FileKindDefinition: Sendable {
    public var name: String
    public var system: String
    public var recognizes: @Sendable (JSONValue) -> Bool
    public var check: @Sendable (Engine, JSONReader) throws -> [String]
}

/// A system's ``SystemChecks``, erased to the engine.
public struct CheckDefinition: Sendable {
    public var fileKinds: [FileKindDefinition]
    public var references: [FileReference]
    public var prepare: @Sendable (Engine) throws -> Void
    public var finish: @Sendable (Engine) throws -> [String]

    public init<S: SystemPlugin>(_ checks: SystemChecks<S>, of system: S.Type) {
        fileKinds = checks.fileKinds.map { kind in
            let check = kind.check
            return FileKindDefinition(name: kind.name, system: S.name, recognizes: kind.recognizes,
                                      check: { engine, reader in try check(try engine.plugin(S.self), reader) })
        }
        references = checks.references
        let (prepare, finish) = (checks.prepare, checks.finish)
        self.prepare = { engine in prepare(try engine.plugin(S.self)) }
        self.finish = { engine in finish(try engine.plugin(S.self)) }
    }
}
