import Foundation
import JSON

/// The outcome of fetching one file.
public enum FileFetchResult: Equatable, Sendable {
    /// The file is available at a local `path`; `cached` when no fetch was needed.
    case fetched(path: String, cached: Bool)
    /// The file could not be fetched; `reason` is for people (`HTTP 404`).
    case failed(reason: String)

    /// The local path, or nil on failure.
    public var path: String? {
        if case .fetched(let path, _) = self { return path }
        return nil
    }
}

/// Turns a URL (or a local path) into a local file path.
///
/// The engine is confined to one thread and fetches synchronously: a fetch
/// returns once the file is local or has failed.
///
/// ## Implementation requirements
/// - Never throw and never crash: every problem is a `.failed(reason:)`.
/// - Return `cached: true` only when no transfer happened for this call.
/// - Do not record in the transcript: the caller records `file.fetched` /
///   `file.failed` with the result.
public protocol FileFetcher: AnyObject {
    /// Fetches `url` and returns where the file is, or why it failed.
    func fetch(_ url: String) -> FileFetchResult
}

/// Serves `file://` URLs and plain local paths in place (never cached).
public final class LocalFileFetcher: FileFetcher {
    /// Relative paths are resolved against this directory.
    public let baseDirectory: URL?

    public init(baseDirectory: URL? = nil) { self.baseDirectory = baseDirectory }

    /// True for `file://` URLs and strings without a URL scheme.
    public static func isLocal(_ url: String) -> Bool {
        url.hasPrefix("file://") || !url.contains("://")
    }

    /// The local path a `file://` URL (percent escapes decoded) or a path names; a relative path
    /// is resolved against `baseDirectory` (nil: left relative, to the working folder).
    public static func path(of url: String, baseDirectory: URL?) -> String {
        if url.hasPrefix("file://") { return URL(string: url)?.path ?? String(url.dropFirst("file://".count)) }
        if !url.hasPrefix("/"), let base = baseDirectory { return base.appendingPathComponent(url).path }
        return url
    }

    public func fetch(_ url: String) -> FileFetchResult {
        let path = Self.path(of: url, baseDirectory: baseDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .failed(reason: "no such file: \(path)")
        }
        return .fetched(path: path, cached: false)
    }
}

/// Serves URLs from a fixture table (a scenario's `setup.files`).
///
/// A fixture maps a URL to a local file or to a simulated failure
/// (`{"error": "HTTP 404"}`); other local paths and `file://` URLs are served in
/// place, and remaining URLs go to `fallback` (or fail: `no fixture for <url>`).
public final class FixtureFileFetcher: FileFetcher {
    /// What a fixture URL yields.
    public enum Fixture: Equatable, Sendable {
        /// The content of this local file (relative paths use the base directory).
        case file(String)
        /// A failure with this reason.
        case error(String)
    }

    /// The fixture table.
    public var fixtures: [String: Fixture]
    private let local: LocalFileFetcher
    private let fallback: (any FileFetcher)?

    public init(fixtures: [String: Fixture], baseDirectory: URL? = nil, fallback: (any FileFetcher)? = nil) {
        self.fixtures = fixtures
        self.local = LocalFileFetcher(baseDirectory: baseDirectory)
        self.fallback = fallback
    }

    /// Reads a fixture table from JSON (`{"url": "path", "url2": {"error": "HTTP 404"}}`).
    ///
    /// Throws `FixtureError` naming the first entry that is neither a path nor `{"error": text}`.
    public static func fixtures(from json: JSONValue) throws(FixtureError) -> [String: Fixture] {
        guard case .object(let object) = json else { throw FixtureError(url: nil, got: json.typeName) }
        var table: [String: Fixture] = [:]
        for (url, entry) in object {
            switch entry {
            case .string(let path): table[url] = .file(path)
            case .object(let o) where o.count == 1 && o["error"]?.stringValue != nil:
                table[url] = .error(o["error"]!.stringValue!)
            default: throw FixtureError(url: url, got: entry.typeName)
            }
        }
        return table
    }

    public func fetch(_ url: String) -> FileFetchResult {
        switch fixtures[url] {
        case .file(let path)?: return local.fetch(path)
        case .error(let reason)?: return .failed(reason: reason)
        case nil:
            if LocalFileFetcher.isLocal(url) { return local.fetch(url) }
            if let fallback { return fallback.fetch(url) }
            return .failed(reason: "no fixture for \(url)")
        }
    }
}

/// A fixture table entry that is neither a path nor `{"error": text}`.
public struct FixtureError: Error, Equatable, CustomStringConvertible {
    /// The URL of the bad entry (nil when the table itself is not an object).
    public var url: String?
    /// The JSON type found.
    public var got: String
    public var description: String {
        if let url { return "files: \(url): expected a path or {\"error\": text}, got \(got)" }
        return "files: expected an object, got \(got)"
    }
}

/// Routes by scheme: local paths and `file://` in place, everything else to `remote`.
public final class RoutingFileFetcher: FileFetcher {
    private let local: LocalFileFetcher
    private let remote: any FileFetcher

    public init(local: LocalFileFetcher = LocalFileFetcher(), remote: any FileFetcher) {
        self.local = local
        self.remote = remote
    }

    public func fetch(_ url: String) -> FileFetchResult {
        LocalFileFetcher.isLocal(url) ? local.fetch(url) : remote.fetch(url)
    }
}
