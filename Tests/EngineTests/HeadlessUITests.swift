import JSON
import Testing
@testable import Engine

@Suite struct HeadlessUITests {
    /// A source that shows `ok` (tappable) and `name` (takes text and options), recording what it gets.
    private final class Source {
        var log: [String] = []
        var source: ViewSource {
            ViewSource(
                views: { [("ok", ["kind": "button"]), ("name", ["kind": "textInput", "value": "Ada"])] },
                tap: { id in id == "ok" ? { self.log.append("tap \(id)") } : nil },
                type: { id in id == "name" ? { self.log.append("type \($0)") } : nil },
                select: { id in id == "name" ? { self.log.append("select \($0)") } : nil })
        }
    }

    /// A tap reaches a view of the recorder first, then views a system shows (its source), else fails.
    @Test func tapsReachViewsSystemsShow() throws {
        let ui = HeadlessUI(transcript: Transcript { 0 })
        var tapped: [String] = []
        ui.show(id: "ok", properties: [:]) { tapped.append("app ok") }
        ui.setViewSource(owner: "sys", ViewSource(views: { [] }, tap: { id in id == "ok" || id == "x" ? { tapped.append("sys \(id)") } : nil }))
        try ui.tap(id: "ok")
        try ui.tap(id: "x")
        #expect(tapped == ["app ok", "sys x"])
        #expect(throws: HeadlessUIError.noSuchView("y")) { try ui.tap(id: "y") }
    }

    /// Setting an owner's source again replaces it (a relaunch installs the system again).
    @Test func aSourceIsReplacedByItsOwner() throws {
        let ui = HeadlessUI(transcript: Transcript { 0 })
        var count = 0
        ui.setViewSource(owner: "sys", ViewSource(views: { [] }, tap: { _ in { count += 1 } }))
        ui.setViewSource(owner: "sys", ViewSource(views: { [] }, tap: { _ in { count += 10 } }))
        try ui.tap(id: "any")
        #expect(count == 10)
    }

    /// Typing and selecting reach a recorder view's `onType` / `onSelect` (recorded), a system's view
    /// through its source; a view without that input, or no view, is an error that says which.
    @Test func typeAndSelectReachEveryViewByID() throws {
        let transcript = Transcript { 0 }
        let ui = HeadlessUI(transcript: transcript)
        var got: [String] = []
        ui.show(id: "email", properties: [:], handlers: .init(onType: { got.append("email \($0)") }, onSelect: { got.append("email option \($0)") }))
        ui.show(id: "title", properties: ["text": "Hi"])
        let system = Source()
        ui.setViewSource(owner: "sys", system.source)
        try ui.type(id: "email", text: "a@b.c")
        try ui.select(id: "email", value: "work")
        try ui.type(id: "name", text: "Grace")
        try ui.select(id: "name", value: "dev")
        #expect(got == ["email a@b.c", "email option work"])
        #expect(system.log == ["type Grace", "select dev"])
        #expect(transcript.events.map(\.type) == ["ui.show", "ui.show", "ui.type", "ui.select"])
        #expect(throws: HeadlessUIError.notAnInput("title", input: "text")) { try ui.type(id: "title", text: "x") }
        #expect(throws: HeadlessUIError.notAnInput("title", input: "option")) { try ui.select(id: "title", value: "x") }
        #expect(throws: HeadlessUIError.notAnInput("ok", input: "text")) { try ui.type(id: "ok", text: "x") }
        #expect(throws: HeadlessUIError.noSuchView("nope")) { try ui.type(id: "nope", text: "x") }
        #expect(HeadlessUIError.notAnInput("title", input: "text").description == "ui: view 'title' takes no text")
    }

    /// The visible tree and `view` hold every view with an id, whichever system drew it; the
    /// recorder's view comes first when ids clash.
    @Test func theVisibleTreeHoldsSystemsViews() {
        let ui = HeadlessUI(transcript: Transcript { 0 })
        ui.show(id: "ok", properties: ["text": "OK"])
        ui.setViewSource(owner: "sys", Source().source)
        #expect(ui.visibleTree == ["ok": ["text": "OK"], "name": ["kind": "textInput", "value": "Ada"]])
        #expect(ui.tree == ["ok": ["text": "OK"]])
        #expect(ui.view("name") == ["kind": "textInput", "value": "Ada"])
        #expect(ui.view("ok") == ["text": "OK"])
        #expect(ui.view("none") == nil)
        #expect(ui.visibleIDs.sorted() == ["name", "ok"])
    }

    /// Layout observers hear of every shown, updated and hidden view (not of a failed update nor
    /// of hiding a view not shown); an owner's observer is replaced by its next one.
    @Test func layoutObserversHearOfEveryChange() throws {
        let ui = HeadlessUI(transcript: Transcript { 0 })
        var changes: [String] = []
        ui.setLayoutObserver(owner: "sys") { _ in changes.append("old") }
        ui.setLayoutObserver(owner: "sys") { changes.append($0) }
        ui.show(id: "a", properties: [:])
        try ui.update(id: "a", properties: ["y": .integer(2)])
        #expect(throws: HeadlessUIError.noSuchView("b")) { try ui.update(id: "b", properties: [:]) }
        ui.hide(id: "a")
        ui.hide(id: "a")
        #expect(changes == ["a", "a", "a"])
    }
}
