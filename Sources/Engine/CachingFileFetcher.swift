import Foundation
import JSON

/// A file cache in the state directory in front of another fetcher.
///
/// Remote URLs (anything but `file://` and plain paths) are fetched once by
/// `upstream`, copied into `<state>/file-cache/`, and indexed in
/// `file-cache.json` (URL → file name and the virtual Unix time of the fetch).
/// A later fetch of the same URL is served from the cache (`cached: true`) until
/// the entry is older than `maxAge` (14 days by default) of the engine's
/// virtual clock; then it is fetched again. Local paths pass straight through.
public final class CachingFileFetcher: FileFetcher {
    /// One cached file.
    public struct Entry: Equatable, Sendable {
        /// The file name inside the cache directory.
        public var file: String
        /// Virtual Unix time of the fetch.
        public var fetchedAt: Double
    }

    /// The name of the index file in the state directory.
    public static let indexName = "file-cache.json"
    /// The default lifetime of an entry: 14 days.
    public static let defaultMaxAge: Double = 14 * 24 * 3600

    /// Cached entries by URL.
    public private(set) var entries: [String: Entry] = [:]
    /// Seconds an entry stays valid.
    public let maxAge: Double
    private let upstream: any FileFetcher
    private let storage: Storage
    private let clock: VirtualClock
    private let cacheDirectory: URL
    private var counter = 0

    /// Creates the cache and loads its index (a corrupt index is moved aside and reported via `onError`).
    public init(
        upstream: any FileFetcher, storage: Storage, clock: VirtualClock,
        maxAge: Double = CachingFileFetcher.defaultMaxAge, onError: ((String) -> Void)? = nil
    ) {
        self.upstream = upstream
        self.storage = storage
        self.clock = clock
        self.maxAge = maxAge
        self.cacheDirectory = storage.directory.appendingPathComponent("file-cache")
        loadIndex(onError: onError)
    }

    /// The engine's usual stack: cache → fixtures (if any) → local paths in place, `http(s)` downloads.
    ///
    /// Downloads land in `<state>/downloads/` and are moved into the cache.
    public static func standard(
        storage: Storage, clock: VirtualClock, fixtures: [String: FixtureFileFetcher.Fixture] = [:],
        baseDirectory: URL? = nil, onError: ((String) -> Void)? = nil
    ) -> CachingFileFetcher {
        let local = LocalFileFetcher(baseDirectory: baseDirectory)
        let http = HTTPFileFetcher(directory: storage.directory.appendingPathComponent("downloads"))
        let routing = RoutingFileFetcher(local: local, remote: http)
        let upstream: any FileFetcher =
            fixtures.isEmpty
            ? routing : FixtureFileFetcher(fixtures: fixtures, baseDirectory: baseDirectory, fallback: routing)
        return CachingFileFetcher(upstream: upstream, storage: storage, clock: clock, onError: onError)
    }

    public func fetch(_ url: String) -> FileFetchResult {
        if LocalFileFetcher.isLocal(url) { return upstream.fetch(url) }
        if let entry = entries[url] {
            let path = cacheDirectory.appendingPathComponent(entry.file).path
            if clock.unixTime - entry.fetchedAt < maxAge, FileManager.default.fileExists(atPath: path) {
                return .fetched(path: path, cached: true)
            }
            try? FileManager.default.removeItem(atPath: path)
            entries[url] = nil
        }
        let result = upstream.fetch(url)
        guard case .fetched(let source, _) = result else { return result }
        do {
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            counter += 1
            let ext = URL(fileURLWithPath: source).pathExtension
            let name = "f\(Int(clock.unixTime))-\(entries.count)-\(counter)" + (ext.isEmpty ? "" : ".\(ext)")
            let target = cacheDirectory.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            if source.hasPrefix(storage.directory.path + "/") {
                try FileManager.default.moveItem(atPath: source, toPath: target.path)
            } else {
                try FileManager.default.copyItem(atPath: source, toPath: target.path)
            }
            entries[url] = Entry(file: name, fetchedAt: clock.unixTime)
            saveIndex()
            return .fetched(path: target.path, cached: false)
        } catch {
            return .failed(reason: "cache: \(error)")
        }
    }

    /// Forgets every entry and deletes the cached files.
    public func clear() {
        try? FileManager.default.removeItem(at: cacheDirectory)
        entries = [:]
        saveIndex()
    }

    private func saveIndex() {
        var object = JSONObject()
        for url in entries.keys.sorted() {
            let e = entries[url]!
            object[url] = .object(["file": .string(e.file), "fetchedAt": .double(e.fetchedAt)])
        }
        guard let text = try? JSONValue.object(object).encoded() else { return }
        try? storage.writeAtomically(Self.indexName, Array(text.utf8))
    }

    private func loadIndex(onError: ((String) -> Void)?) {
        guard let bytes = try? storage.read(Self.indexName) else { return }
        guard let value = try? JSONDocument(bytes: bytes).value, let object = value.objectValue else {
            let aside = (try? storage.moveAside(Self.indexName)) ?? "?"
            onError?("file cache index \(Self.indexName) is corrupt; moved aside to \(aside)")
            return
        }
        for (url, entry) in object {
            if let file = entry["file"]?.stringValue, let at = entry["fetchedAt"]?.doubleValue {
                entries[url] = Entry(file: file, fetchedAt: at)
            }
        }
    }
}
