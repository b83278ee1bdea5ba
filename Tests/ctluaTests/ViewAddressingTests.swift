import Foundation
import TestSupport
import Testing

/// One way to address a view (issue 23 item 4): the `tap`, `type` and `select` steps and the `ui`
/// expectation reach every view the user sees by id, whichever system drew it. Each system's
/// on-screen views are driven by an example scenario: a presenter's inputs, an Appcues experience's
/// views (JSON and Lua), FlowX form fields and buttons, a hook screen and its script's views, a
/// native in-app's views.
struct ViewAddressingTests {
    static let scenarios = [
        "examples/scenarios/views/presenter_inputs.json",                     // templates: presenter views with onType/onSelect/onTap
        "examples/scenarios/views/experience_views.json",                     // traits: experience views in `ui`, tap/type/select
        "examples/scenarios/views/experience_views_from_lua_test.lua",        // the same from Lua: app.ui/tap/type/select
        "examples/scenarios/views/flowx_form_fields.json",                    // FlowX: fields by key, buttons
        "examples/scenarios/hooks/parental_gate_right_answer.json",           // hooks: the hook screen and its script's views
        "examples/scenarios/native_interstitial_before_template.json",        // native in-apps: inapp.* views
    ]

    @Test func everySystemsViewsAreReachedByID() throws {
        let result = try CLI.run(["test"] + Self.scenarios + ["--jobs", "2"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("\(Self.scenarios.count) passed, 0 failed\n"), "\(result.stdout)")
    }

    /// A view that takes no such input, or no view at all, fails the step with a message naming it.
    @Test func aViewThatTakesNoInputSaysSo() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let newsletter = CLI.packageRoot.appendingPathComponent("examples/templates/newsletter.lua").path
        func scenario(_ step: String) -> String {
            #"{"scripts": ["\#(newsletter)"], "steps": [{"deliver": {"type": "custom-code", "templateName": "Newsletter", "wzrk_id": "n1"}}, \#(step)]}"#
        }
        let cases = [
            ("text.json", #"{"type": {"id": "newsletter.headline", "text": "x"}}"#, "ui: view 'newsletter.headline' takes no text"),
            ("option.json", #"{"select": {"id": "newsletter.email", "value": "x"}}"#, "ui: view 'newsletter.email' has no options to select"),
            ("missing.json", #"{"tap": "newsletter.nothing"}"#, "ui: no view with id 'newsletter.nothing'"),
        ]
        for (name, step, message) in cases {
            try scenario(step).write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let result = try CLI.run(["test", dir.appendingPathComponent(name).path])
            #expect(result.status == 1, "\(name): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains(message), "\(name): \(result.stdout)")
        }
    }
}
