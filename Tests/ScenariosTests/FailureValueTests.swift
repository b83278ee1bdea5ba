import Foundation
import JSON
import SystemKit
import TestSupport
import Testing
@testable import Scenarios

/// A failure's expected and actual sides stay JSON values (or explicit prose) from the expectation
/// to every reporter: no reporter reads JSON back from a failure's text (#35).
struct FailureValueTests {
    /// Prose that is valid JSON text (two objects): a reporter that parsed failure text would
    /// find two objects and draw their line diff; it must show the prose as written.
    private let prose = ScenarioFailure(step: 0, expectation: "queue", message: "wrong",
                                        expected: .prose(#"{"a": [1, 2]}"#), actual: .prose(#"{"a": [1, 3]}"#))
    private let values = ScenarioFailure(step: 0, expectation: "queue", message: "wrong",
                                         expected: .json(["a": [1, 2]]), actual: .json(["a": [1, 3]]))

    private func result(_ failure: ScenarioFailure) -> ScenarioResult {
        ScenarioResult(name: "q", relativePath: "flows/q.json", failures: [failure], transcript: [], duration: 0)
    }

    @Test func proseThatReadsAsJSONIsNeverParsedByAReporter() throws {
        #expect(!TextReporter.details(of: prose).contains { $0.contains("diff") })
        #expect(TextReporter.details(of: values).contains("  diff (- expected, + actual):"))
        let page = { (failure: ScenarioFailure) in HTMLReport.failureHTML(failure) }
        #expect(!page(prose).contains("linediff"))
        #expect(page(prose).contains(#"<td class="expected prose"><i>{&quot;a&quot;: [1, 2]}</i></td>"#))
        #expect(page(values).contains("linediff"))
        // The JSON report keeps the kind: a value has its `...Value` member, prose has none.
        let json = try JSONDocument(text: JSONReporter.render([result(prose), result(values)])).value
        let failures = json["scenarios"]?.arrayValue?.compactMap { $0["failures"]?.arrayValue?.first } ?? []
        #expect(failures.count == 2)
        #expect(failures.first?["expectedValue"] == nil && failures.first?["expected"] == .string(#"{"a": [1, 2]}"#))
        #expect(failures.last?["expectedValue"] == ["a": [1, 2]] && failures.last?["expected"] == .string(#"{"a":[1,2]}"#))
    }

    @Test func aJSONNullIsAValueAndTheWordNullIsProse() throws {
        let failure = ScenarioFailure(message: "m", expected: .json(.null), actual: "null")
        let back = try ScenarioFailure(json: failure.json)
        #expect(back.expected == .json(.null) && back.actual == .prose("null"))
        #expect(back.expected?.text == "null" && back.actual?.text == "null")
    }

    /// The reporters' sources hold no JSON parser call: a failure's values arrive as values.
    @Test func noReporterParsesJSONText() throws {
        let folder = CLI.packageRoot.appendingPathComponent("Sources/Scenarios/Reporters")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 5)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for parser in ["JSONDocument(", "JSONTapeReader", "JSONBinaryReader", "JSONValue(binary"] {
                #expect(!text.contains(parser), "Reporters/\(file) parses JSON (\(parser)): failure values are JSONValue already")
            }
        }
    }
}
