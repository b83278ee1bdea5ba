import Foundation
import JSON

extension Engine {
    /// Serves these URL fixtures from now on (a scenario's `setup.files`, a Lua scenario's
    /// `app.files`): the standard stack (cache, fixtures, local paths, http(s)) with relative
    /// fixture paths resolved against `baseDirectory`. Replaces any earlier fixtures.
    public func useFileFixtures(_ fixtures: [String: FixtureFileFetcher.Fixture], baseDirectory: URL?) {
        let transcript = self.transcript
        files.target = CachingFileFetcher.standard(
            storage: storage, clock: clock, fixtures: fixtures, baseDirectory: baseDirectory,
            onError: { transcript.record("error", ["message": .string($0)]) })
    }
}
