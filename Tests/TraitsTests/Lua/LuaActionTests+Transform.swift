import JSON
import LuaRuntime
import Testing
@testable import Traits

/// `transformQueue` for Lua actions, as the SDK's `ExperienceActionQueueTransforming`
/// (`ActionRegistryTests.testQueueTransforming`: a transforming action rewrites the queue
/// before it runs).
extension LuaActionTests {
    static let tracks = [F.action("tap", "@acme/t"), F.action("tap", "@appcues/track", #"{"eventName": "a"}"#),
                         F.action("tap", "@appcues/track", #"{"eventName": "b"}"#)]

    func tracked(_ h: TraitsHarness) -> [String] {
        h.engine.transcript.events.filter { $0.type == "appcues.analytics" && $0["internal"] == .bool(false) }
            .compactMap { $0["name"]?.stringValue }
    }

    @Test func testQueueTransformingInLua() throws {
        let h = try Self.showing(Self.tracks, setup: #"""
        traits.action{type = "@acme/t", execute = function() end,
          transformQueue = function(queue, index, config)
            assert(index == 1 and queue[2].type == "@appcues/track")
            return {3, {type = "@appcues/track", config = {eventName = "new"}}, 2}
          end}
        """#)
        try h.tap(11 * 1000 + 21)
        #expect(tracked(h) == ["b", "new", "a"])
    }

    /// Hostile: a transform that loops hits the instruction limit; one that errors or returns a
    /// wrong value leaves the queue as it was (logged); one returning too many actions is refused.
    @Test(arguments: [
        ("error('boom')", "boom"),
        ("return 'x'", "must return a list"),
        ("return {99}", "item 1: a position 1...3"),
        ("local t = {} for i = 1, 10001 do t[i] = 1 end return t", "returned 10001 actions"),
    ])
    func aHostileTransformLeavesTheQueue(body: String, fragment: String) throws {
        var limits = LuaLimits.standard
        limits.instructions = 10_000_000
        let h = try TraitsHarness(limits: limits)
        try h.lua(presentLua + "\ntraits.action{type = '@acme/t', execute = function() end, transformQueue = function() \(body) end}\n"
                  + "traits.show([==[\(F.experience([F.buttonStep(11, Self.tracks), F.step(12, content: F.text(1200, "Two"))]))]==])")
        try h.tap(11 * 1000 + 21)
        #expect(tracked(h) == ["a", "b"])
        let logs = h.events("log", ["message"])
        #expect(logs.contains { $0.contains("transformQueue") && $0.contains(fragment) }, "\(logs)")
    }

    /// A transform that loops hits the instruction limit: the entry into Lua that tapped stops
    /// with it (as for a looping trait), the queue is left, and the engine stays usable.
    @Test func aLoopingTransformHitsTheInstructionLimit() throws {
        var limits = LuaLimits.standard
        limits.instructions = 10_000_000
        let h = try TraitsHarness(limits: limits)
        try h.lua(presentLua + "\ntraits.action{type = '@acme/t', execute = function() end, transformQueue = function() while true do end end}\n"
                  + "traits.show([==[\(F.experience([F.buttonStep(11, Self.tracks), F.step(12, content: F.text(1200, "Two"))]))]==])")
        #expect(throws: (any Error).self) { try h.tap(11 * 1000 + 21) }
        let logs = h.events("log", ["message"])
        #expect(logs.contains { $0.contains("transformQueue") && $0.contains("instruction") }, "\(logs)")
        #expect(try h.lua("return 1 + 1").first?.integerValue == 2)
    }

    @Test func transformQueueMustBeAFunction() throws {
        let h = try TraitsHarness()
        let result = try h.lua("return pcall(traits.action, {type = '@acme/t', execute = function() end, transformQueue = 3})")
        #expect(result.first?.boolValue == false)
        #expect(result.last?.stringValue?.contains("transformQueue") == true)
    }
}
