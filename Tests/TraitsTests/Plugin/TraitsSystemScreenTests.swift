import Engine
import Foundation
import JSON
import SystemKit
import TestSupport
import Testing
@testable import Traits

/// What the shown experience puts on screen: the geometry the traits computed, and nothing more.
struct TraitsSystemScreenTests {
    private func tooltipHarness() throws -> TraitsHarness {
        let harness = try TraitsHarness()
        try harness.lua("ui.show{id = 'buy', accessibilityIdentifier = 'buy', x = 10, y = 700, width = 100, height = 40}")
        let tour = try String(contentsOf: CLI.packageRoot.appendingPathComponent("examples/traits/tour.json"), encoding: .utf8)
        try harness.system.show(JSONReader(file: nil, bytes: Array(tour.utf8)), group: 1)
        return harness
    }

    @Test func aTooltipIsDrawnAtItsTargetWithItsPointerAndKeyhole() throws {
        let harness = try tooltipHarness()
        let layers = TraitsSystem.screenLayers(of: harness.system, in: harness.engine)
        let layer = try #require(layers.first)
        #expect(layer.owner == "traits")
        #expect(layer.title.hasPrefix("experience "))
        #expect(layer.title.contains("group 2 step 1 (tooltip)"))
        let target = try #require(layer.views.first { $0.kind == "target" })
        #expect(target.frame == ScreenRect(x: 10, y: 700, width: 100, height: 40))
        #expect(layer.views.first { $0.kind == "pointer" }?.frame == ScreenRect(x: 60, y: 696, width: 0, height: 0))
        #expect(layer.views.first { $0.kind == "keyhole" }?.frame == ScreenRect(x: 8, y: 698, width: 104, height: 44))
        let all = layer.views.flatMap { $0.flattened.map(\.view) }
        #expect(all.first { $0.kind == "backdrop" }?.frame == ScreenRect(x: 0, y: 0, width: 390, height: 844))
        // the content's size is not computed: no frame is made up for it
        #expect(all.filter { $0.kind == "body" || $0.kind == "step" }.allSatisfy { $0.frame == nil })
        #expect(layer.geometry?.contains("content in a plain stack") == true)
        #expect(layer.notes.contains { $0.hasPrefix("tooltip top of its target") })
    }

    @Test func nothingShownIsNoLayer() throws {
        let harness = try TraitsHarness()
        #expect(TraitsSystem.screenLayers(of: harness.system, in: harness.engine).isEmpty)
    }

    @Test func aTappableComponentIsMarked() throws {
        let harness = try TraitsHarness()
        let tour = try String(contentsOf: CLI.packageRoot.appendingPathComponent("examples/traits/tour.json"), encoding: .utf8)
        try harness.system.show(JSONReader(file: nil, bytes: Array(tour.utf8)))
        let all = TraitsSystem.screenLayers(of: harness.system, in: harness.engine).flatMap { $0.views.flatMap { $0.flattened.map(\.view) } }
        #expect(all.contains { $0.tappable && $0.id != nil })
    }
}
