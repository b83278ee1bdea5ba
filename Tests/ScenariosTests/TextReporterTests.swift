import Testing
@testable import Scenarios

/// The human report: expected and actual, and a line diff when both are JSON objects or arrays,
/// coloured only when asked (a terminal without NO_COLOR).
struct TextReporterTests {
    private let failure = ScenarioFailure(
        step: 1, expectation: #"ui["banner.title"]"#, message: "view has other properties",
        expected: .json(["text": "Clearance", "size": 12]), actual: .json(["size": 12, "text": "Sale", "colour": "red"]))

    @Test func jsonValuesGetALineDiff() {
        let lines = TextReporter.details(of: failure)
        #expect(lines.contains("  diff (- expected, + actual):"))
        #expect(lines.contains(#"    -   "text": "Clearance""#), "\(lines)")
        #expect(lines.contains(#"    +   "text": "Sale""#), "\(lines)")
        #expect(lines.contains(#"    +   "colour": "red","#), "\(lines)")
        #expect(lines.contains(#"        "size": 12,"#), "\(lines)")
        #expect(!lines.joined().contains("\u{1B}["))
    }

    @Test func colourOnlyWhenAsked() {
        let lines = TextReporter.details(of: failure, colour: true)
        #expect(lines.contains("    \u{1B}[31m-   \"text\": \"Clearance\"\u{1B}[0m"), "\(lines)")
        #expect(lines.contains("    \u{1B}[32m+   \"text\": \"Sale\"\u{1B}[0m"), "\(lines)")
    }

    @Test func scalarsAndEqualValuesGetNoDiff() {
        let scalar = ScenarioFailure(expectation: "displayed", message: "wrong", expected: .json("c1"), actual: .json("c2"))
        #expect(!TextReporter.details(of: scalar).contains { $0.contains("diff") })
        let notJSON = ScenarioFailure(expectation: "queue", message: "wrong", expected: "[1, 2]", actual: "nothing")
        // Prose that reads as JSON stays prose: no diff, no parse.
        #expect(notJSON.expected == .prose("[1, 2]"))
        #expect(!TextReporter.details(of: notJSON).contains { $0.contains("diff") })
    }
}
