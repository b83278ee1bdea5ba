/// A file fetcher whose target can be replaced (fixtures from a scenario's setup).
public final class SwitchableFileFetcher: FileFetcher {
    /// Where fetches go now.
    public var target: any FileFetcher
    /// When set, a local path or `file://` URL is fetched only when it passes (given the URL as
    /// asked); one that does not fails with one reason, whether or not the file exists, so a
    /// fetch cannot tell a script which host paths exist (the engine's roots under `strict`).
    public var confine: ((String) -> Bool)?

    public init(target: any FileFetcher) { self.target = target }

    public func fetch(_ url: String) -> FileFetchResult {
        if let confine, LocalFileFetcher.isLocal(url), !confine(url) {
            return .failed(reason: "not a file inside the script roots: \(url)")
        }
        return target.fetch(url)
    }
}
