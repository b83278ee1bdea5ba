import Foundation
import TestSupport
import Testing

/// `ctlua render SCENARIO --step N`: the screen after one step, as SVG or text.
@Suite struct RenderCommandTests {
    static let tooltip = "examples/scenarios/traits/tooltip_targets_button.json"

    @Test func theScreenAfterAStepIsDrawnAsSVG() throws {
        let r = try CLI.run(["render", Self.tooltip, "--step", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(r.stdout.hasSuffix("</svg>\n"))
        #expect(r.stdout.contains(#"data-view-id="buy""#))
        #expect(r.stdout.contains(">pointer</text>"))
        // before the experience: only the app's button
        let before = try CLI.run(["render", Self.tooltip, "--step", "0", "--text"])
        #expect(before.stdout.contains("#buy view @10,700 100×40"))
        #expect(!before.stdout.contains("traits"))
    }

    @Test func theTappedViewIsMarkedInTheText() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"""
            {"name": "taps", "steps": [{"lua": "ui.show{id = 'ok', text = 'OK', onTap = function() ui.show{id = 'thanks', text = 'Thanks'} end}"},
                                       {"tap": "ok"}, {"advance": 1}]}
            """#.write(toFile: dir.path + "/s.json", atomically: true, encoding: .utf8)
        let tap = try CLI.run(["render", dir.path + "/s.json", "--step", "1", "--text"])
        #expect(tap.status == 0, "\(tap.stderr)")
        #expect(tap.stdout == """
            screen: assumed 390×844 points (no app view "screen" gives a width and height)
            z1 app: headless views (ui.show) (geometry unknown: plain stack)
              [TAPPED] #ok view “OK”
              #thanks view “Thanks”

            """)
        let after = try CLI.run(["render", dir.path + "/s.json", "--text"])
        #expect(after.stdout.contains("  [tap] #ok view “OK”\n"))
        let start = try CLI.run(["render", dir.path + "/s.json", "--step", "-1", "--text"])
        #expect(start.stdout.contains("(nothing on screen)"))
    }

    @Test func systemsAddTheirLayers() throws {
        let templates = try CLI.run(["render", "examples/scenarios-failing/wrong_expectation.json", "--step", "0", "--text"])
        #expect(templates.stdout.hasSuffix("z2 templates: in-app (geometry unknown: plain stack)\n    displayed in-app c1: Banner\n"),
                "\(templates.stdout)")
        let hooks = try CLI.run(["render", "examples/scenarios/hooks/login_blocks_premium_until_sign_in.json", "--step", "0", "--text"])
        #expect(hooks.stdout.contains("hooks: navigation"), "\(hooks.stdout)")
        #expect(hooks.stdout.contains("navigation stack: "), "\(hooks.stdout)")
    }

    /// An Appcues `regex` condition with catastrophic backtracking (`(x+x+)+y` on 36 `x`s) ran
    /// with no limit in `render` (its own process, no worker timeout): now it stops at its step
    /// bound with an `error` event, and the screen is drawn.
    @Test func aCatastrophicRegexConditionEndsWithAnError() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        func id(_ n: Int) -> String { "00000000-0000-4000-8000-" + String(format: "%012d", n) }
        let token = String(repeating: "x", count: 36)
        let experience = #"""
            {"id": "\#(id(1))", "name": "Regex", "type": "mobile", "publishedAt": 7, "traits": [{"type": "@appcues/modal", "config": {"presentationStyle": "full"}}],
             "steps": [{"id": "\#(id(11))", "type": "modal", "traits": [], "actions": {"\#(id(21))": [{"on": "tap", "type": "@appcues/conditional", "config": {"checks": [
                 {"condition": {"token": {"token": "\#(token)", "operator": "regex", "value": "(x+x+)+y"}}, "actions": [{"on": "tap", "type": "@appcues/close"}]}]}}]},
               "content": {"type": "button", "id": "\#(id(21))", "content": {"type": "text", "id": "\#(id(22))", "text": "Go"}}}]}
            """#
        try #"{"name": "regex", "steps": [{"show": {"experience": \#(experience), "strict": false}}, {"tap": "\#(id(21))"}]}"#
            .write(toFile: dir.path + "/s.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", dir.path + "/s.json", "--text"], timeout: 60)
        #expect(!r.timedOut, "render did not end within 60 s")
        #expect(r.status == 0, "\(r.stderr)")
        let trace = try CLI.run(["test", "--no-workers", "--trace", dir.path + "/trace", "--trace-all", dir.path + "/s.json"], timeout: 60)
        #expect(!trace.timedOut)
        let transcript = (try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/trace"))?.compactMap {
            try? String(contentsOfFile: dir.path + "/trace/" + $0, encoding: .utf8)
        }.joined() ?? ""
        #expect(transcript.contains("gave up after 1000000 steps (catastrophic backtracking)"), "\(trace.stdout)\(trace.stderr)")
    }

    @Test func outWritesAFile() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["render", Self.tooltip, "--step", "1", "--out", dir.path + "/s.svg"])
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
        #expect(try String(contentsOfFile: dir.path + "/s.svg", encoding: .utf8).hasPrefix("<svg "))
    }

    @Test func aStepOutOfRangeIsAUsageErrorAndAStepNotReachedAFailure() throws {
        let r = try CLI.run(["render", Self.tooltip, "--step", "9"])
        #expect(r.status == 2)
        #expect(r.stderr == "ctlua: --step 9: the scenario has 3 steps (0 to 2, or -1 before them)\n")
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"name": "stops", "steps": [{"tap": "nowhere"}, {"advance": 1}]}"#.write(toFile: dir.path + "/s.json", atomically: true, encoding: .utf8)
        let stopped = try CLI.run(["render", dir.path + "/s.json", "--step", "1"])
        #expect(stopped.status == 1)
        #expect(stopped.stderr.hasPrefix("ctlua: steps[1] did not run: the scenario stopped before it: steps[0]: tap failed"), "\(stopped.stderr)")
        let folder = try CLI.run(["render", "examples/scenarios/traits"])
        #expect(folder.status == 2 && folder.stderr.contains("expected one scenario file"))
    }
}
