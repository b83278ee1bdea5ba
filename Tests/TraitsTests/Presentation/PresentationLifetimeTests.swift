import JSON
import Testing
@testable import Traits

/// A dismissed experience is freed: its package, delegate and views do not outlive it, even when
/// Lua handlers, observers and tap handlers captured them.
@Suite struct PresentationLifetimeTests {
    @Test func dismissedPackagesAreFreed() throws {
        let h = try TraitsHarness()
        weak var delegate: TraitMetadataDelegate?
        weak var monitor: PageMonitor?
        weak var wrapper: TraitView?
        do {
            try h.lua(#"""
            traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@appcues/step-transition-animation"}, {type = "@appcues/tooltip"}},
              steps = {{id = "00000000-0000-4000-8000-900000000102", type = "group", traits = {{type = "@appcues/carousel"}, {type = "@appcues/skippable"},
                {type = "@appcues/backdrop", config = {backgroundColor = {light = "#000"}}}, {type = "@appcues/paging-dots"}},
                children = {{id = "00000000-0000-4000-8000-900000000103", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}, {id = "00000000-0000-4000-8000-900000000104", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000602"}}}, actions = {}}}, name = "Tour", type = "mobile"}
            """#)
            let package = try #require(h.system.renderer.current?.package)
            delegate = package.metadataDelegate
            monitor = package.pageMonitor
            wrapper = package.wrapper
            #expect(package.metadataDelegate.handlerKeys.count == 2)
        }
        try h.lua("traits.dismiss() collectgarbage() collectgarbage()")
        #expect(delegate == nil)
        #expect(monitor == nil)
        #expect(wrapper == nil)
    }

    /// Keeps a weak reference to the delegate of the last composition it was part of.
    final class Spy: StepDecoratingTrait {
        final class Box {
            weak var delegate: TraitMetadataDelegate?
            var decorated = false
        }
        let type = "@f/spy"
        let level: TraitLevel
        let box: Box
        weak var metadataDelegate: TraitMetadataDelegate?
        init(configuration: TraitConfiguration, box: Box) {
            level = configuration.level
            self.box = box
        }
        func decorate(stepView: TraitView) throws {
            box.delegate = metadataDelegate
            box.decorated = metadataDelegate != nil
        }
    }

    /// A presentation that fails (a trait error after Lua handlers were registered) is freed too.
    @Test(arguments: ["present = function(self, w, done) error('late failure') end",
                      "decorateContainer = function() error(traits.error{description = 'gone'}) end"])
    func failedPresentationsAreFreed(failure: String) throws {
        let h = try TraitsHarness()
        let box = Spy.Box()
        h.system.register(type: "@f/spy") { Spy(configuration: $0, box: box) }
        try h.lua("""
            traits.register{type = "@f/late", \(failure)}
            traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@f/late"}, {type = "@f/spy"}, {type = "@appcues/tooltip"}}, steps = {{id = "00000000-0000-4000-8000-900000000105", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000603"}}}, name = "Tour", type = "mobile"}
            """)
        #expect(h.stepErrors.count == 1)
        #expect(h.system.renderer.current == nil)
        try h.lua("collectgarbage() collectgarbage()")
        #expect(box.decorated)
        #expect(box.delegate == nil)
    }
}
