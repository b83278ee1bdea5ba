import Foundation
import TestSupport
import Testing

/// An Appcues experience with a wrongly-typed optional component member is refused as the SDK's
/// `Decodable` refuses it (issue 35 item 3): by `ctlua check` and at run time, with the member's path.
@Suite struct ExperienceMemberTests {
    /// (member set on the experience's first text component, its value, the problem's path and message).
    static let cases: [(String, String, String)] = [
        (#""style": {"foregroundColor": {"dark": "black"}}"#, "style.foregroundColor.light", "missing required key"),
        (#""style": {"fontSize": "big"}"#, "style.fontSize", "expected a number, got string"),
        (#""spans": [{"text": "a", "style": {"lineHeight": []}}]"#, "spans[0].style.lineHeight", "expected a number, got array"),
    ]

    static func experience(_ member: String) -> String {
        #"""
        {"id": "a0000000-0000-4000-8000-000000000001", "name": "E", "type": "mobile", "traits": [],
         "steps": [{"id": "a0000000-0000-4000-8000-000000000010", "type": "modal", "actions": {},
                    "traits": [{"type": "@appcues/modal", "config": {"presentationStyle": "full"}}],
                    "content": {"type": "text", "id": "a0000000-0000-4000-8000-000000000020", "text": "Hi", \#(member)}}]}
        """#
    }

    @Test(arguments: cases)
    func checkAndTestRefuseIt(member: String, path: String, message: String) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.experience(member).write(to: dir.appendingPathComponent("e.json"), atomically: true, encoding: .utf8)
        try #"{"name": "s", "steps": [{"show": {"experience": "e.json"}}]}"#.write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", "e.json"], directory: dir)
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect((check.stdout + check.stderr).contains("steps[0].content.\(path): \(message)"), "\(check.stdout)\(check.stderr)")
        let test = try CLI.run(["test", "a.json"], directory: dir)
        #expect(test.status == 1, "\(test.stdout)")
        #expect(test.stdout.contains("steps[0].content.\(path): \(message)"), "\(test.stdout)")
        // A single step that fails to decode is reported by the SDK as the group it then tries (no `children`).
        #expect(test.stdout.contains(#"experience.error {"experience":"a0000000-0000-4000-8000-000000000001","message":"Error parsing Experience JSON data: Expected key 'children' not found at codingPath: steps.0"}"#),
                "\(test.stdout)")
    }
}
