import Foundation
import Testing
import TestSupport

/// `ctlua preview` runs the separate `ctlua-preview` executable with its arguments, or says how
/// to get it (issue 39: the preview is not part of the default build).
struct PreviewCommandTests {
    @Test func missingPreviewSaysHowToGetItAndExits2() throws {
        let folder = try TemporaryFolder.make()
        let result = try CLI.run(["preview", "--help"], directory: folder,
                                 environment: ["CTLUA_PREVIEW": folder.appendingPathComponent("absent").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("ctlua-preview is not installed"))
        #expect(result.stderr.contains("scripts/install --preview"))
        #expect(result.stderr.contains("scripts/ctlua preview"))
    }

    @Test func previewRunsCTLuaPreviewWithTheSameArguments() throws {
        let folder = try TemporaryFolder.make()
        let stand = folder.appendingPathComponent("ctlua-preview")
        try "#!/bin/sh\necho \"preview got: $*\"\nexit 7\n".write(to: stand, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stand.path)
        let result = try CLI.run(["preview", "--help", "a b", "--port", "0"], directory: folder, environment: ["CTLUA_PREVIEW": stand.path])
        #expect(result.status == 7)
        #expect(result.stdout == "preview got: --help a b --port 0\n")
    }
}
