import Engine
import JSON
import LuaRuntime
import SystemKit
@testable import Traits

/// An engine with the traits system only, and helpers to drive it from Lua and read the transcript.
final class TraitsHarness {
    let engine: Engine
    let system: TraitsSystem

    init(limits: LuaLimits = .standard) throws {
        var configuration = Engine.Configuration()
        configuration.limits = limits
        engine = try SystemCatalog([SystemEntry(TraitsSystem.self)]).makeEngine(configuration)
        system = try engine.plugin(TraitsSystem.self)
    }

    /// Runs Lua; returns its results.
    @discardableResult
    func lua(_ code: String) throws -> [LuaValue] { try engine.run(code) }

    /// The events of these types (all when empty), as compact strings `type field=value ...`
    /// with only the named fields.
    func events(_ type: String, _ fields: [String] = []) -> [String] {
        engine.transcript.events.filter { $0.type == type }.map { event in
            ([event.type] + fields.map { "\($0)=\(event[$0].map(JSONWriter.text) ?? "nil")" }).joined(separator: " ")
        }
    }

    /// `trait:capability` for every `trait.applied` event, in order.
    var applied: [String] {
        engine.transcript.events.filter { $0.type == "trait.applied" }.map {
            "\($0["trait"]?.stringValue ?? "?"):\($0["capability"]?.stringValue ?? "?")"
        }
    }

    /// The messages of the `step.error` events.
    var stepErrors: [String] { engine.transcript.events.filter { $0.type == "step.error" }.compactMap { $0["message"]?.stringValue } }

    /// The composed tree of the shown experience.
    var tree: JSONValue? { system.renderer.current?.package.wrapper.tree }

    /// The shown experience's metadata values.
    var metadata: JSONObject? { system.renderer.current?.package.metadataDelegate.values }
}

/// A presenting trait in Lua that completes at once (`@t/present`), for experiences that need one.
let presentLua = #"traits.register{type = "@t/present", present = function(self, w, done) w:set("presented", true) done() end, remove = function(self, w, done) done() end}"#
