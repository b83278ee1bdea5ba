import Engine
import LuaRuntime
import Systems
import SystemKit
import Testing
import TestSupport

/// Issue 20, item 2: memory Swift keeps for scripts is charged to the memory cap. A walk over
/// every binding of an engine assembled from the catalog (found in the engine itself, so a new
/// binding cannot be forgotten): each one either keeps what a script hands it, and a loop of
/// 1 MiB values through it ends in `not enough memory` under a 16 MiB cap instead of growing the
/// process (1,500 `traits.view{p = <1 MB>}` kept 1.5 GB under the 64 MiB default), or is listed
/// below as keeping nothing, with the reason.
@Suite struct BindingMemoryWalkTests {
    static let cap = 16 << 20

    /// What every walk starts with: `big`, a 1 MiB string, and what the walks' bindings need.
    static let prelude = """
        local big = ('x'):rep(1 << 20)
        local presenter = {onPresent = function() end}
        local present = {type = "@walk/present", present = function(self, w, done) done() end, remove = function(self, w, done) done() end}
        """

    /// A trait whose `createContainer` runs `body` (with `self` and `monitor`) when `traits.show` composes it.
    static func inTrait(_ body: String) -> String {
        """
        traits.register(present)
        traits.register{type = "@walk/in", createContainer = function(self, steps, monitor)
          \(body)
          return traits.view{kind = "container"}
        end}
        traits.show{id = "00000000-0000-4000-8000-000000000001", name = "w", type = "mobile", traits = {{type = "@walk/present"}, {type = "@walk/in"}},
                    steps = {{id = "00000000-0000-4000-8000-000000000002", type = "m", traits = {}, actions = {},
                              content = {type = "spacer", id = "00000000-0000-4000-8000-000000000003"}}}}
        """
    }

    /// A loop through the binding that keeps 1 MiB (or a listener) per call.
    static let walks: [String: String] = [
        "app.log": "for i = 1, 200 do app.log(big .. i) end",
        "app.event": "for i = 1, 200 do app.event('E', {blob = big .. i}) end",
        "app.charged": "for i = 1, 200 do app.charged({Amount = 1, note = big .. i}, {{Category = big}}) end",
        "app.profile": "for i = 1, 200 do app.profile{Name = big .. i} end",
        "app.login": "for i = 1, 200 do app.login(big .. i) end",
        "app.foreground": "for i = 1, 200 do app.foreground{note = big .. i} end",
        "app.configure": "for i = 1, 200 do app.configure{discardedEvents = {big .. i}} end",
        "app.relaunch": "for i = 1, 200 do app.relaunch{note = big .. i} end",
        "app.files": "for i = 1, 200 do app.files{[big .. i] = {error = big}} end",
        // Each primer after the first waits in pending (the first stays displayed).
        "app.promptPushPrimer": """
            for i = 1, 200 do app.promptPushPrimer{titleText = big .. i, messageText = 'm', positiveBtnText = 'a', negativeBtnText = 'b'} end
            """,
        "templates.jsBridge": "for i = 1, 200 do templates.jsBridge{action = 'recordEventWithProps', event = 'E', properties = {blob = big .. i}} end",
        // Errors raised in timers are recorded, not raised: the transcript keeps their head only.
        "app.after": "for i = 1, 200 do app.after(0, function() error(big .. i) end) end",
        "ui.show": "for i = 1, 200 do ui.show{id = 'v' .. i, text = big .. i} end",
        "app.type": "ui.show{id = 'v', onType = function() end} for i = 1, 200 do app.type('v', big .. i) end",
        "app.select": "ui.show{id = 'v', onSelect = function() end} for i = 1, 200 do app.select('v', big .. i) end",
        "ui.update": "ui.show{id = 'v'} for i = 1, 200 do ui.update('v', {text = big .. i}) end",
        "templates.define": "for i = 1, 200 do templates.define{name = 'T' .. i, arguments = {{'title', big .. i}}, onPresent = presenter.onPresent} end",
        "templates.defineJSON": """
            for i = 1, 200 do templates.defineJSON({['T' .. i] = {type = 'template', arguments = {a = {type = 'string', value = big .. i}}}}, {template = presenter}) end
            """,
        "templates.presenter": "for i = 1, 200 do templates.presenter(big .. i, presenter) end",
        "templates.deliver": "for i = 1, 200 do templates.deliver{type = 'custom-code', templateName = 'Nope', wzrk_id = 'x' .. i, vars = {blob = big}} end",
        "traits.register": "for i = 1, 200 do traits.register{type = big .. i} end",
        "traits.action": "for i = 1, 200 do traits.action{type = big .. i, execute = function() end} end",
        "traits.component": "for i = 1, 200 do traits.component{identifier = big .. i, render = function() end} end",
        "traits.serve": "for i = 1, 200 do traits.serve{id = string.format('00000000-0000-4000-8000-%012d', i), name = big .. i, type = 'mobile', traits = {}, steps = {}} end",
        "traits.view": "for i = 1, 200 do traits.view{kind = 'k', p = big .. i} end",
        "traits.qualify": """
            for i = 1, 200 do
              traits.qualify{performed_qualification = true, experiences = {{id = string.format('00000000-0000-4000-8000-%012d', i), name = big .. i}}}
            end
            """,
        "traits.show": """
            for i = 1, 200 do
              traits.show{id = string.format('00000000-0000-4000-8000-%012d', i), name = big .. i, type = 'mobile', traits = {},
                          steps = {{id = '00000000-0000-4000-8000-000000000000', type = 'm', traits = {}, actions = {},
                                    content = {type = 'spacer', id = '00000000-0000-4000-8000-000000000000'}}}}
            end
            """,
        "TraitView:set": "local v = traits.view{kind = 'k'} for i = 1, 200 do v:set('p' .. i, big .. i) end",
        "TraitView:onLayout": "local v = traits.view{kind = 'k'} for i = 1, 200 do v:onLayout(big .. i, function() end) end",
        "PageMonitor:addObserver": inTrait("for i = 1, 1e6 do monitor:addObserver(function() end) end"),
        "TraitMetadataDelegate:set": inTrait("for i = 1, 200 do self.metadata:set{['k' .. i] = big .. i} end"),
        "TraitMetadataDelegate:registerHandler": inTrait("for i = 1, 200 do self.metadata:registerHandler(big .. i, function() end) end"),
        "hooks.plugin": "for i = 1, 200 do hooks.plugin{identifier = big .. i, execute = function() end} end",
        "hooks.loadPlugins": "for i = 1, 200 do hooks.loadPlugins{{plugin = {identifier = 'p' .. i, name = big .. i}}} end",
        "hooks.loadScreens": "for i = 1, 200 do hooks.loadScreens{{id = 's' .. i, name = big .. i}} end",
        "hooks.navigate": "hooks.loadScreens{{id = 's'}} for i = 1, 200 do hooks.navigate('s', {dataSource = {blob = big .. i}}) end",
        "hooks.appLoadingPlugin": "for i = 1, 200 do hooks.appLoadingPlugin{identifier = big .. i, executeOnLaunch = function() end} end",
        "hooks.continueUserActivity": "for i = 1, 200 do hooks.continueUserActivity{activityType = big .. i} end",
        "hooks.openURL": "for i = 1, 200 do hooks.openURL(big .. i) end",
        "flowx.validator": "for i = 1, 200 do flowx.validator(big .. i, function() return true end) end",
        "flowx.validate": "for i = 1, 200 do flowx.validate('required', big .. i) end",
        "flowx.validateForm": "for i = 1, 200 do flowx.validateForm({id = 'f', fields = {}}, {blob = big .. i}) end",
        "flowx.collect": "for i = 1, 200 do flowx.collect{kind = 'screen', value = 's' .. i, customPayload = {blob = big}} end",
        "flowx.component": "for i = 1, 200 do flowx.component(big .. i, {}) end",
        "flowx.onEvent": "for i = 1, 1e6 do flowx.onEvent(function() end) end",
        "flowx.setTags": "for i = 1, 200 do flowx.setTags{['t' .. i] = big .. i} end",
        "flowx.setMedia": "for i = 1, 200 do flowx.setMedia{['m' .. i] = big .. i} end",
        "flowx.setEnumerations": "for i = 1, 200 do flowx.setEnumerations{['e' .. i] = {{code = 'c', content = big .. i}}} end",
        "flowx.configure": """
            for i = 1, 200 do flowx.configure{baseURL = big .. i, enginePath = 'e', imageBaseURL = 'i', organizationId = 'o'} end
            """,
        "flowx.session": "for i = 1, 200 do flowx.session(big .. i) end",
        "flowx.updateAuthorization": "for i = 1, 200 do flowx.updateAuthorization(big .. i) end",
        "flowx.themeFetched": "for i = 1, 1e6 do flowx.themeFetched(function() end) end",
        "flowx.setThemes": "for i = 1, 200 do flowx.setThemes{['t' .. i] = {blob = big .. i}} end",
        "flowx.setupTheme": "flowx.session('t') for i = 1, 200 do flowx.setupTheme(big .. i) end",
        "flowx.loadProcess": "for i = 1, 200 do flowx.loadProcess{name = big .. i, screens = {{id = 's'}}} end",
        "flowx.start": Self.process + "for i = 1, 200 do flowx.start('p', {blob = big .. i}) end",
        "flowx.startProcess": Self.process + "for i = 1, 200 do flowx.startProcess('p', {blob = big .. i}) end",
        "flowx.startUIFlow": Self.process + "for i = 1, 200 do flowx.startUIFlow('p', {blob = big .. i}) end",
        "flowx.fill": Self.process + "flowx.start('p') for i = 1, 200 do flowx.fill{blob = big .. i} end",
        "flowx.update": Self.process + "flowx.start('p') for i = 1, 200 do flowx.update('c', {blob = big .. i}) end",
        "flowx.upload": Self.process + "flowx.start('p') for i = 1, 200 do flowx.upload('up', big .. i) end",
    ]

    /// A configured FlowX renderer (session and theme set up, as the SDK's order asks) with a
    /// one-screen process `p` (component `c`).
    static let process = """
        flowx.configure{baseURL = 'b', enginePath = 'e', imageBaseURL = 'i', organizationId = 'o'}
        flowx.session('t') flowx.setupTheme('th')
        flowx.loadProcess[[{"name": "p", "screens": [{"id": "s", "components": [{"id": "c", "identifier": "C"}],
          "forms": [{"id": "f", "fields": [{"key": "blob"}]}]}], "actions": {"up": {"type": "upload"}}}]]

        """

    /// Bindings that keep nothing a script made (beyond a fixed-size record), and why.
    static let keepsNothing: [String: String] = [
        "app.now": "reads the clock", "app.unixTime": "reads the clock", "app.events": "returns a copy to Lua",
        "app.ui": "returns a copy to Lua", "app.advance": "a number; runs timers",
        "app.tap": "an id looked up; runs the handler", "app.load": "a path; runs the file (its values are Lua's)",
        "app.background": "no arguments", "app.reset": "no arguments",
        "app.promptForPushPermission": "a boolean (fixed-size events)",
        "app.location": "two numbers (a fixed-size event)",
        "app.delegate": "Lua functions (references on Lua's heap), replaced by each call",
        "ui.find": "returns a copy to Lua", "ui.hide": "removes a view",
        "json.array": "Lua values only", "json.decode": "Lua values only (the tree is freed before returning)",
        "json.encode": "returns a string to Lua", "json.isarray": "Lua values only", "json.object": "Lua values only",
        "templates.activeContext": "returns a context", "templates.close": "no arguments", "templates.discard": "a boolean",
        "templates.displayed": "returns a copy to Lua", "templates.list": "returns a copy to Lua",
        "templates.queue": "returns a copy to Lua", "templates.resume": "no arguments", "templates.state": "returns a copy to Lua",
        "templates.suspend": "no arguments", "templates.syncPayload": "returns a string to Lua",
        "traits.appViews": "returns a copy to Lua", "traits.builtins": "returns a copy to Lua",
        "traits.current": "returns a copy to Lua", "traits.experiences": "returns a copy to Lua",
        "traits.dismiss": "a render context looked up (nothing kept)",
        "traits.error": "a Lua table (written in Lua)", "traits.page": "a number", "traits.registered": "returns a copy to Lua",
        "traits.retry": "no arguments", "traits.tap": "an id looked up; runs the handler",
        "traits.type": "replaces an existing field's value (an unknown id is an error)",
        "traits.select": "an existing option's value (an unknown one is an error)",
        "traits.longPress": "an id looked up; runs its actions", "traits.continue": "a step reference",
        "traits.close": "a boolean", "traits.runActions": "actions queued and run (the queue is bounded)", "traits.reset": "no arguments (drops the profile and the queue)",
        "traits.form": "returns a copy to Lua", "traits.profile": "returns a copy to Lua", "traits.actions": "returns a copy to Lua",
        "traits.delegate": "Lua functions (references on Lua's heap), replaced by each call",
        "traits.presentationDelegate": "Lua functions (references on Lua's heap), replaced by each call",
        "traits.frame": "options per frame ID, charged with engine.retain, at most 100,000 frames (replaced by each call for a frame)",
        "traits.config": "a boolean and a host list charged with engine.retain, at most 10,000 hosts (replaced by each call)",
        "hooks.closeHookScreen": "no arguments", "hooks.configure": "a number", "hooks.state": "returns a copy to Lua",
        "hooks.launch": "an existing screen id and a boolean",
        "hooks.back": "no arguments",
        "flowx.action": "an existing action's name (an unknown one is an error before anything is kept)",
        "flowx.changeLocale": "a locale and a language, checked (a malformed one is an error before anything is kept)",
        "flowx.changeLocaleSettings": "a locale and a language, checked (a malformed one is an error before anything is kept)",
        "flowx.dataSource": "a Lua table (a reference), replaced by each call", "flowx.dismiss": "no arguments",
        "flowx.startSession": "no arguments", "flowx.endSession": "no arguments",
        "flowx.continueExistingProcess": "an existing process id (an unknown one is an error) and options",
        "flowx.continueLatestProcess": "options; continues the process the renderer already tracks",
        "flowx.getEnumeration": "gives a copy to its completion",
        "flowx.stopProcess": "an existing process id",
        "flowx.enumeration": "returns a copy to Lua", "flowx.mediaURL": "returns a copy to Lua",
        "flowx.options": "a boolean and a number", "flowx.resume": "an existing process id", "flowx.state": "returns a copy to Lua",
        "flowx.tag": "returns a copy to Lua",
        "PageMonitor:set": "a page number", "TemplateContext:boolean": "returns a value", "TemplateContext:dictionary": "returns a copy",
        "TemplateContext:dismissed": "no arguments", "TemplateContext:file": "returns a path", "TemplateContext:integer": "returns a value",
        "TemplateContext:number": "returns a value", "TemplateContext:presented": "no arguments", "TemplateContext:string": "returns a value",
        "TemplateContext:triggerAction": "an existing argument's name", "TraitMetadata:get": "returns a copy",
        "TraitMetadata:isSet": "returns a boolean", "TraitMetadata:previous": "returns a copy", "TraitMetadataDelegate:get": "returns a copy",
        "TraitMetadataDelegate:publish": "no arguments", "TraitMetadataDelegate:removeHandler": "removes a handler",
        "TraitMetadataDelegate:unset": "removes keys", "TraitView:add": "a view already charged when made",
        "TraitView:children": "returns views", "TraitView:find": "returns a view", "TraitView:get": "returns a copy",
        "TraitView:insert": "a view already charged when made, and a number", "TraitView:is": "returns a boolean",
        "TraitView:onTap": "a Lua function (a reference), replaced by each call",
        "TraitView:onLongPress": "a Lua function (a reference), replaced by each call",
        "traits.tooltipLayout": "computes and returns a new table",
        "traits.strict": "sets a flag", "TraitView:parent": "returns a view",
        "TraitView:remove": "no arguments", "TraitView:tree": "returns a copy",
    ]

    /// Every binding of an engine assembled from the standard catalog.
    static func inventory() throws -> Set<String> {
        let engine = try SystemCatalog.standard.makeEngine()
        return Set(BindingInventory.functions(of: engine, modules: SystemCatalog.standard.modules.map(\.name))
                   + BindingInventory.methods(of: engine))
    }

    @Test func everyBindingIsWalkedOrSaysWhyItKeepsNothing() throws {
        let all = try Self.inventory()
        let listed = Set(Self.walks.keys).union(Self.keepsNothing.keys)
        #expect(all.subtracting(listed).isEmpty, "bindings neither walked nor listed as keeping nothing: \(all.subtracting(listed).sorted())")
        #expect(listed.subtracting(all).isEmpty, "listed but not bindings: \(listed.subtracting(all).sorted())")
        #expect(Set(Self.walks.keys).isDisjoint(with: Self.keepsNothing.keys))
        #expect(all.count > 100)   // the walk found the modules and classes
    }

    @Test(arguments: walks.keys.sorted())
    func keepingThroughTheBindingEndsInNotEnoughMemory(_ binding: String) throws {
        var configuration = Engine.Configuration()
        configuration.limits.memory = Self.cap
        configuration.limits.instructions = nil
        let engine = try SystemCatalog.standard.makeEngine(configuration)
        var thrown = ""
        do { try engine.run(Self.prelude + Self.walks[binding]!) } catch let error as LuaError { thrown = error.message }
        // Raised to the script, or recorded (a timer's error, a trait's failing step).
        let recorded = engine.transcript.events.contains { "\($0.json)".contains("not enough memory") }
        #expect(thrown.contains("not enough memory") || recorded, "\(binding): \(thrown.prefix(300))")
        #expect(engine.retainedBytes <= Self.cap + (1 << 20), "\(binding): \(engine.retainedBytes) bytes kept")
    }
}
