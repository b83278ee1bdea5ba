import JSON
import Testing
@testable import Engine

@Suite struct HeadlessUITests {
    /// A tap reaches an app view first, then views a system shows (its resolver), else fails.
    @Test func tapResolversReachViewsSystemsShow() throws {
        let ui = HeadlessUI(transcript: Transcript { 0 })
        var tapped: [String] = []
        ui.show(id: "ok", properties: [:]) { tapped.append("app ok") }
        ui.setTapResolver(owner: "sys") { id in id == "ok" || id == "x" ? { tapped.append("sys \(id)") } : nil }
        try ui.tap(id: "ok")
        try ui.tap(id: "x")
        #expect(tapped == ["app ok", "sys x"])
        #expect(throws: HeadlessUIError.noSuchView("y")) { try ui.tap(id: "y") }
    }

    /// Setting an owner's resolver again replaces it (a relaunch installs the system again).
    @Test func aResolverIsReplacedByItsOwner() throws {
        let ui = HeadlessUI(transcript: Transcript { 0 })
        var count = 0
        ui.setTapResolver(owner: "sys") { _ in { count += 1 } }
        ui.setTapResolver(owner: "sys") { _ in { count += 10 } }
        try ui.tap(id: "any")
        #expect(count == 10)
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
