import ArgumentParser
import Foundation
import Scenarios
import SystemKit

/// `ctlua render SCENARIO [--step N] [--out FILE]`: runs one scenario in this process and draws
/// the screen after one of its steps, as the HTML report does (``ScreenSVG``, ``ScreenText``).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Draw the screen after a step of a scenario (SVG, or text with --text).",
        discussion: """
            Runs the scenario (as `ctlua test --no-workers` would, with the default limits) up to its end or first \
            failure, then draws the screen after steps[N] (0-based, as in FAIL lines; without --step, the last step \
            run): the headless views in z-order with ids and text, at the frames a system computed or in a plain \
            stack where geometry is unknown, tappable views in blue, the view the step tapped in red. \
            Exit status: 0 drawn, 1 the scenario stopped before that step, 2 usage or load error.
            """)

    @Argument(help: "A scenario file (.json or .lua).") var scenario: String
    @Option(parsing: .unconditional, help: "The step after which to draw (`steps[N]`, from 0); `-1`: before the first step (setup and scripts done).")
    var step: Int?
    @Option(help: ArgumentHelp("Write the drawing to this file instead of standard output.", valueName: "file")) var out: String?
    @Flag(help: "Draw as text (the REPL's `:screen`) instead of SVG.") var text = false

    func run() throws {
        let registry = StepRegistry(catalog: HostOptions.catalog)
        let scenarios: [Scenario]
        switch Runner.load(paths: [scenario], registry: registry) {
        case .success(let loaded): scenarios = loaded
        case .failure(let errors):
            FileHandle.standardError.write(Data(errors.errors.map { "ctlua: \($0)\n" }.joined().utf8))
            throw ExitCode(Runner.ExitCode.usage)
        }
        guard scenarios.count == 1, let scenario = scenarios.first else {
            throw Self.usage("\(self.scenario): expected one scenario file, found \(scenarios.count) scenarios")
        }
        if case .steps(_, _, let steps) = scenario.body, let step, step >= steps.count || step < -1 {
            throw Self.usage("--step \(step): the scenario has \(steps.count) step\(steps.count == 1 ? "" : "s") (0 to \(steps.count - 1), or -1 before them)")
        }
        var executor = ScenarioExecutor(registry: registry)
        executor.screens = true
        let result = executor.run(scenario)
        let wanted = step.map { $0 < 0 ? nil : $0 }
        guard let record = step == nil ? result.steps.last : result.steps.first(where: { $0.step == wanted }) else {
            let stop = result.failures.first.map { ": \($0.summary)" } ?? ""
            FileHandle.standardError.write(Data("ctlua: steps[\(step ?? 0)] did not run: the scenario stopped before it\(stop)\n".utf8))
            throw ExitCode.failure
        }
        let drawing = text ? ScreenText.render(record.screen) : ScreenSVG.render(record.screen)
        if let out {
            do { try ReportFile.write(Array(drawing.utf8), to: out) } catch {
                FileHandle.standardError.write(Data("ctlua: \(error)\n".utf8))
                throw ExitCode(Runner.ExitCode.usage)
            }
        } else {
            FileHandle.standardOutput.write(Data(drawing.utf8))
        }
    }

    static func usage(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("ctlua: \(message)\n".utf8))
        return ExitCode(Runner.ExitCode.usage)
    }
}
