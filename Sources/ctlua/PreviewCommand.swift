import ArgumentParser
import Foundation
import Platform

/// `ctlua preview [PATH...]`: the browser session of `ctlua-preview`, a separate executable (its
/// HTTP server is not part of `ctlua`, so the default build and install stay as small as they
/// are). `ctlua preview ...` runs it with the same arguments: `CTLUA_PREVIEW` (a path), else
/// `ctlua-preview` beside this executable, else on `PATH`. When there is none it says how to get
/// it and exits 2.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Click through presenters, experiences, hook flows and forms in a browser; record a scenario (ctlua-preview).",
        discussion: """
            Runs `ctlua-preview` with the arguments given (`ctlua preview --help` prints its options). It is \
            built apart from ctlua: `scripts/install --preview` installs it beside ctlua, and `scripts/ctlua \
            preview` builds it on demand. See docs/cli.md.
            """)

    @Argument(parsing: .captureForPassthrough, help: "Arguments of ctlua-preview.")
    var arguments: [String] = []

    func run() throws { Self.launch(arguments) }

    /// The name of the executable.
    static let executableName = "ctlua-preview"

    /// Replaces this process with `ctlua-preview arguments` (execv), or says how to get it and exits 2.
    static func launch(_ arguments: [String]) -> Never {
        guard let path = locate() else {
            FileHandle.standardError.write(Data("""
                ctlua: preview: \(executableName) is not installed (it is built apart from ctlua).
                  Install it beside ctlua:   scripts/install --preview [PREFIX]
                  Or build and run it:       scripts/ctlua preview [PATH...]

                """.utf8))
            Platform.exit(2)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        FileHandle.standardError.write(Data("ctlua: preview: cannot run \(path): \(String(cString: strerror(errno)))\n".utf8))
        Platform.exit(2)
    }

    /// `CTLUA_PREVIEW`, else `ctlua-preview` beside this executable (links resolved), else on `PATH`.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let fm = FileManager.default
        if let explicit = environment["CTLUA_PREVIEW"], !explicit.isEmpty {
            return fm.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        if let own = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            let beside = own.appendingPathComponent(executableName).path
            if fm.isExecutableFile(atPath: beside) { return beside }
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + executableName
            if fm.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
