/// A file fetcher whose target can be replaced (fixtures from a scenario's setup).
public final class SwitchableFileFetcher: FileFetcher {
    /// Where fetches go now.
    public var target: any FileFetcher
    public init(target: any FileFetcher) { self.target = target }
    public func fetch(_ url: String) -> FileFetchResult { target.fetch(url) }
}
