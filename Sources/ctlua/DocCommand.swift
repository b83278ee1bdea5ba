import ArgumentParser
import Engine
import Foundation
import LuaRuntime
import Scenarios
import SystemKit

/// `ctlua doc`: prints the generated reference (steps, expectation keys, event types, modules,
/// REPL commands) of this build's systems, writes it, or checks a committed copy.
struct DocCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doc", abstract: "Print the reference of every step, expectation key, event type and module.",
        discussion: "Exit status with --check: 0 the file is up to date, 1 it differs (the difference is described).")

    @Option(help: ArgumentHelp("Write the reference to this file instead of standard output.", valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("Compare this file with the reference; exit 1 when it differs.", valueName: "file"))
    var check: String?

    func run() throws {
        let text = ReferenceDocument.render(StepRegistry(catalog: HostOptions.catalog))
        if let check {
            let data: [UInt8]
            do { data = try FileBytes.read(check) } catch {
                FileHandle.standardError.write(Data("ctlua: \(check): cannot read the file (\(error.problem))\n".utf8))
                throw ExitCode(2)
            }
            let committed = String(decoding: data, as: UTF8.self)
            if committed == text { return }
            let a = committed.split(separator: "\n", omittingEmptySubsequences: false)
            let b = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            FileHandle.standardError.write(Data("""
                ctlua: \(check):\(line + 1): differs from what the code registers (run `ctlua doc --output \(check)`)
                  committed: \(line < a.count ? String(a[line]) : "<end of file>")
                  generated: \(line < b.count ? String(b[line]) : "<end of file>")

                """.utf8))
            throw ExitCode.failure
        }
        // As the reports of `ctlua test`: a device or a FIFO is written through, never replaced
        // (an atomic write renamed a file over `/dev/full`); a failed write exits 2.
        do { try ReportFile.write(Array(text.utf8), to: output ?? "-") } catch {
            FileHandle.standardError.write(Data("ctlua: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
