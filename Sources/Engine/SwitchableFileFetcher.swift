/// A file fetcher whose target can be replaced (fixtures from a scenario's setup).
///
/// The engine's fetcher (`Engine.files`) gives paths as scripts see them: a file in the engine's
/// state directory (the file cache, downloads) is named under ``Engine/scriptStateDirectory``,
/// the same in every run, not under the temporary folder the state lives in (see
/// `Engine.scriptPath(_:)`).
public final class SwitchableFileFetcher: FileFetcher {
    /// Where fetches go now.
    public var target: any FileFetcher
    /// When set, a local path or `file://` URL is fetched only when it passes (given the URL as
    /// asked); one that does not fails with one reason, whether or not the file exists, so a
    /// fetch cannot tell a script which host paths exist (the engine's roots under `strict`).
    public var confine: ((String) -> Bool)?
    /// How a fetched path is given to the caller (identity when nil).
    let present: ((String) -> String)?

    public init(target: any FileFetcher) {
        self.target = target
        self.present = nil
    }

    init(target: any FileFetcher, present: @escaping (String) -> String) {
        self.target = target
        self.present = present
    }

    public func fetch(_ url: String) -> FileFetchResult {
        if let confine, LocalFileFetcher.isLocal(url), !confine(url) {
            return .failed(reason: "not a file inside the script roots: \(url)")
        }
        let result = target.fetch(url)
        guard let present, case .fetched(let path, let cached) = result else { return result }
        return .fetched(path: present(path), cached: cached)
    }
}
