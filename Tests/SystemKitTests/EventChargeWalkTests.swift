import Engine
import Foundation
import JSON
import LuaRuntime
import Systems
import SystemKit
import Testing
import TestSupport

/// Issue 34, item 2: every transcript event a script causes is charged to the memory cap for its
/// whole cost (8 million `app.log` calls kept 1.4 GB, 1 MB FlowX validator errors 3 GB,
/// `traits.page` and an action's `track` 1.5–3.4 GB, all under a 64 MiB cap). A table of the
/// Lua bindings that record events: each row's script records the event types it names, the
/// engine's charged bytes grow by at least the events' estimated size, and the same call in a
/// loop under a small cap ends in `not enough memory` instead of growing the process. The table
/// is complete by construction: every event type the catalog declares is recorded by a row or
/// listed with the reason no script causes it.
@Suite struct EventChargeWalkTests {
    struct Row: Sendable, CustomTestStringConvertible {
        /// The binding (as `BindingMemoryWalkTests` names them).
        var binding: String
        /// Run once first (definitions the call needs).
        var setup: String = ""
        /// The call that records events, with `i` the iteration (1 when run once).
        var call: String
        /// Event types `call` records.
        var records: [String]
        /// False where a loop of the call is too heavy to run (the reason given where set).
        var loops = true
        var testDescription: String { binding }
    }

    static let present = """
        traits.register{type = "@walk/present", present = function(self, w, done) done() end, remove = function(self, w, done) done() end}
        """
    static func experience(_ n: String, actions: String = "{}", content: String = "{type = 'spacer', id = '00000000-0000-4000-8000-000000000003'}") -> String {
        """
        {id = string.format('00000000-0000-4000-8000-%012d', \(n)), name = 'e', type = 'mobile', traits = {{type = '@walk/present'}},
         steps = {{id = '00000000-0000-4000-8000-000000000002', type = 'group', traits = {},
                   actions = {['00000000-0000-4000-8000-000000000002'] = \(actions)},
                   children = {{id = '00000000-0000-4000-8000-000000000004', type = 'm', traits = {}, actions = {}, content = \(content)},
                               {id = '00000000-0000-4000-8000-000000000005', type = 'm', traits = {}, actions = {}, content = \(content)}}}}}
        """
    }
    static let template = """
        templates.define{name = 'W', arguments = {{'title', 'D'}, {'ok', templates.action}, {'go', templates.action}},
          onPresent = function(ctx) ctx:presented() end, onClose = function(ctx) ctx:dismissed() end}
        """
    static func inapp(_ extra: String = "") -> String {
        "templates.deliver{imc = 1e9, imp = 1e9, inapp_notifs = {{ti = i, wzrk_id = 'w' .. i, type = 'custom-code', templateName = 'W'\(extra)}}}"
    }
    static let process = """
        flowx.configure{baseURL = 'b', enginePath = 'e', imageBaseURL = 'i', organizationId = 'o'}
        flowx.session('t') flowx.setupTheme('th')
        flowx.loadProcess[[{"name": "p", "screens": [{"id": "s", "components": [{"id": "c", "identifier": "C"}],
          "forms": [{"id": "f", "fields": [{"key": "blob", "validators": [{"name": "big", "type": "custom"}]}]}]}],
          "actions": {"up": {"type": "upload"}}}]]
        flowx.validator('big', function(value) return false, ('e'):rep(1000) end)
        """
    /// An example file's text as a Lua long string.
    static func example(_ path: String) -> String {
        let text = (try? String(contentsOfFile: CLI.packageRoot.path + "/examples/" + path, encoding: .utf8)) ?? "missing \(path)"
        return "[==[" + text + "]==]"
    }
    /// The loan application of the FlowX examples, configured, its scripts loaded.
    static let loan = """
        app.load('examples/flowx/validators.lua') app.load('examples/flowx/data_source.lua')
        flowx.configure{baseURL = 'https://api.example', enginePath = 'engine', imageBaseURL = 'https://cdn.example', organizationId = 'org-1'}
        flowx.session('jwt-token') flowx.setupTheme('loan-theme')
        flowx.loadProcess(\(example("flowx/loan_application.json")))
        """

    static var allRows: [Row] { rows + more }

    static let rows: [Row] = [
        Row(binding: "app.log", call: "app.log('x')", records: ["log"]),
        Row(binding: "print", call: "print('x')", records: ["log"]),
        Row(binding: "ui.show", call: "ui.show{id = 'v' .. i, text = 't'}", records: ["ui.show"]),
        Row(binding: "ui.update", setup: "ui.show{id = 'v'}", call: "ui.update('v', {text = 't' .. i})", records: ["ui.update"]),
        Row(binding: "ui.hide", call: "ui.show{id = 'h'} ui.hide('h')", records: ["ui.show", "ui.hide"]),
        Row(binding: "app.tap", setup: "ui.show{id = 'b', onTap = function() end}", call: "app.tap('b')", records: ["ui.tap"]),
        Row(binding: "app.type", setup: "ui.show{id = 'f', onType = function() end}", call: "app.type('f', 'x')", records: ["ui.type"]),
        Row(binding: "app.select", setup: "ui.show{id = 'f', onSelect = function() end}", call: "app.select('f', 'x')", records: ["ui.select"]),
        Row(binding: "app.after", call: "app.after(0, function() error('x') end) app.advance(0)", records: ["error"]),
        Row(binding: "app.event", call: "app.event('E', {k = 'v'})", records: ["event.recorded"]),
        Row(binding: "app.event (dropped)", call: "app.event('')", records: ["event.dropped"]),
        Row(binding: "app.event (cleaned)", call: "app.event('Checkout: step 2', {['price$'] = 5})", records: ["validation.error"]),
        Row(binding: "app.background", call: "app.background() app.foreground()", records: ["app.background", "app.foreground"]),
        Row(binding: "app.reset", call: "app.reset()", records: ["app.reset"]),
        Row(binding: "app.login", call: "app.login('u' .. i)", records: ["app.login"]),
        Row(binding: "templates.deliver", setup: template, call: inapp() + " templates.close()",
            records: ["inapp.response", "inapp.queued", "template.presenting", "template.presented", "notification.viewed", "template.closed"]),
        Row(binding: "templates.deliver (mode)",
            call: "templates.deliver{inapp_delivery_mode = 'CS', inapp_notifs_cs = {{ti = i, wzrk_id = 'c' .. i, type = 'custom-code', templateName = 'W', whenTriggers = {{eventName = 'E'}}}}} templates.deliver{imc = 5}",
            records: ["inapp.response", "inapp.mode"]),
        Row(binding: "app.delegate", setup: template + "app.delegate{shouldShow = function() return true end, didShow = function() end, dismissed = function() end}",
            call: inapp() + " templates.activeContext('W'):dismissed()", records: ["delegate.show", "delegate.shown", "delegate.dismissed", "template.dismissed"]),
        Row(binding: "TemplateContext:triggerAction", setup: template + "app.delegate{buttonTapped = function() end, shouldHandleURL = function() return true end}",
            call: inapp(", vars = {ok = {actions = {type = 'kv', kv = {k = 'v'}}}, go = {actions = {type = 'url', ios = 'https://x'}}}")
                + " local ctx = templates.activeContext('W') ctx:triggerAction('go') ctx:triggerAction('ok') templates.close()",
            records: ["action.triggered", "action.kv", "action.url", "delegate.tapped", "delegate.url", "notification.clicked"]),
        Row(binding: "templates.suspend", call: "templates.suspend() templates.discard(false) templates.resume()", records: ["inapp.rendering"]),
        Row(binding: "templates.jsBridge", call: "templates.jsBridge{action = 'recordEventWithProps', event = 'E', properties = {k = 'v'}}",
            records: ["html.bridge", "event.recorded"]),
        Row(binding: "app.promptForPushPermission", call: "app.promptForPushPermission(true)", records: ["push.prompt"]),
        Row(binding: "hooks.navigate",
            setup: """
                hooks.loadPlugins{{plugin = {identifier = 'h', type = 'general', preload = true}},
                                  {plugin = {identifier = 'g', type = 'general', screen = true, preload = true}}}
                hooks.loadScreens{{id = 'a', hooks = {preload_plugins = {{identifier = 'h', type = 'general'},
                                                                         {identifier = 'g', type = 'general', screen_id = 'gs'}}}},
                                  {id = 'b'}, {id = 'gs'}}
                hooks.plugin{identifier = 'h', execute = function(self, data, done) done(true) done(true) end}
                hooks.plugin{identifier = 'g', screen = true, execute = function(self, data, done) done(true) end}
                """,
            call: "hooks.navigate('a') hooks.navigate('b') hooks.back()",
            records: ["navigation.started", "hook.started", "hook.completed", "hook.ignored", "hook.presented", "hook.removed",
                      "screen.presented", "screen.popped"]),
        Row(binding: "flowx.start", setup: process, call: "flowx.start('p')",
            records: ["flowx.process.started", "flowx.screen"]),
        Row(binding: "flowx.validateForm", setup: process, call: "flowx.validateForm({id = 'f', fields = {{key = 'blob', validators = {{name = 'big', type = 'custom'}}}}}, {blob = 'x'})",
            records: ["validation"]),
        Row(binding: "flowx.collect", call: "flowx.collect{kind = 'screen', value = 's' .. i}", records: ["analytics"]),
        Row(binding: "flowx.fill", setup: process + "flowx.start('p')", call: "flowx.fill{blob = 'x' .. i}", records: ["flowx.fill"]),
        Row(binding: "flowx.setEnumerations", call: "flowx.setEnumerations{['e' .. i] = {{code = 'c', content = 'x'}}} flowx.enumeration('e' .. i)",
            records: ["flowx.enumeration"]),
        Row(binding: "flowx.session", call: "flowx.session('t' .. i)", records: ["flowx.session"]),
        Row(binding: "flowx.startSession", call: "flowx.startSession() flowx.endSession()", records: ["flowx.session.started", "flowx.session.ended"]),
        Row(binding: "traits.show", setup: present, call: "traits.show(\(experience("i"))) traits.dismiss()",
            records: ["experience.started", "step.presented", "experience.dismissed", "appcues.analytics"]),
        Row(binding: "traits.page", setup: "ui.show{id = 'buy'} traits.show(\(example("traits/tour.json")))", call: "traits.page(1 + i % 2)",
            records: ["appcues.analytics"]),
        Row(binding: "traits.action (track)",
            setup: present + "traits.action{type = '@walk/track', execute = function(ctx) ctx.track('t', {k = 'v'}) end}" + "traits.show(\(experience("1")))",
            call: "traits.runActions{{type = '@walk/track'}}", records: ["appcues.analytics"]),
        Row(binding: "@appcues/link", setup: present + "traits.show(\(experience("1")))",
            call: "traits.runActions{{type = '@appcues/link', config = {url = 'app://x/' .. i}}}", records: ["link.opened"]),
        Row(binding: "traits.continue", setup: present + "traits.show(\(experience("1")))", call: "traits.continue{offset = 1} traits.continue{offset = -1}",
            records: ["step.presented"]),
        Row(binding: "traits.presentationDelegate", setup: present + "traits.presentationDelegate{} traits.show(\(experience("1")))",
            call: "traits.continue{offset = 1} traits.continue{offset = -1}", records: ["presentation.delegate"]),
    ]

    static let more: [Row] = [
        Row(binding: "flowx.startProcess (loan)", setup: loan,
            call: """
                flowx.startProcess('loan_application', {channel = 'mobile'})
                flowx.fill{name = 'Ana Pop', email = 'ana.pop@example.com', cnp = '2961203045670', username = 'ana_pop', birthDate = '1996-12-03'}
                app.tap('next1') app.advance(0.5)
                flowx.fill{amount = 20000, months = 48, iban = 'RO49 AAAA 1B31 0075 9384 0000'}
                flowx.action('saveLoan') flowx.upload('uploadId', 'id-card.pdf') flowx.fill{agree = true} app.tap('submit')
                """,
            records: ["flowx.process.started", "flowx.stepper", "flowx.loader", "flowx.action", "flowx.process.ended", "validation",
                      "flowx.component.validated"]),
        Row(binding: "flowx.action (blocked)", setup: loan, call: "flowx.startProcess('loan_application') pcall(app.tap, 'next1')",
            records: ["flowx.action.blocked"]),
        Row(binding: "flowx.validate (unknown)", call: "flowx.validate('nope' .. i, 'x')", records: ["warning"]),
        Row(binding: "flowx.setupTheme",
            call: "flowx.configure{baseURL = 'b', enginePath = 'e', imageBaseURL = 'i', organizationId = 'o'} flowx.session('t') flowx.setupTheme('th' .. i)",
            records: ["flowx.configured", "flowx.theme"]),
        Row(binding: "traits.show (tour)", setup: "ui.show{id = 'buy'}",
            call: "traits.show(\(example("traits/tour.json"))) traits.continue{offset = 1} traits.continue{offset = 1} traits.dismiss()",
            records: ["trait.applied", "metadata.published", "animation"]),
        Row(binding: "traits.show (essential)", setup: "app.load('examples/traits/essential.lua')",
            call: """
                traits.show{id = string.format('00000000-0000-4000-8000-%012d', i), name = 'e', type = 'mobile',
                  traits = {{type = '@appcues/modal', config = {presentationStyle = 'sheet'}}, {type = '@acme/needs-feed', config = {maxTries = 2}}},
                  steps = {{id = '00000000-0000-4000-8000-000000000102', type = 'modal', traits = {}, actions = {},
                            content = {type = 'spacer', id = '00000000-0000-4000-8000-000000000601'}}}}
                app.advance(1) ui.show{id = 'feed'} app.advance(0.1) ui.hide('feed') traits.dismiss()
                """,
            records: ["step.retrying", "step.error", "step.recovering"]),
        Row(binding: "traits.longPress", setup: present + "traits.show(\(experience("1", content: "{type = 'button', id = '00000000-0000-4000-8000-000000000021', content = {type = 'text', id = '00000000-0000-4000-8000-000000000022', text = 'b'}}")))",
            call: "traits.runActions{{type = '@appcues/request-review'}, {type = '@appcues/request-push'}, {type = '@appcues/update-profile', config = {k = i}}} traits.longPress('00000000-0000-4000-8000-000000000021')",
            records: ["review.requested", "push.requested", "profile.updated", "ui.longpress"]),
        Row(binding: "traits.show (bad)", call: "traits.show{id = string.format('00000000-0000-4000-8000-%012d', i), name = 'e', type = 'mobile', traits = {}, steps = {}}",
            records: ["experience.error"]),
        // Not looped: a launch happens once per app process (`hooks.launch` again is an error).
        Row(binding: "hooks.launch", setup: """
                hooks.appLoadingPlugin{identifier = 'boot', executeOnLaunch = function(self, done) done() done() end}
                hooks.appLoadingPlugin{identifier = 'odd', type = 'weird', executeOnLaunch = function(self, done) done() end}
                hooks.loadScreens{{id = 'home'}}
                """,
            call: "hooks.continueUserActivity{activityType = 'u' .. i} hooks.openURL('app://' .. i) hooks.launch{root = 'home'} app.advance(1) hooks.continueUserActivity{activityType = 'v' .. i} hooks.openURL('app://v' .. i)",
            records: ["launch.started", "launch.presented", "apphook.started", "apphook.completed", "apphook.ignored", "apphook.skipped",
                      "activity.continued", "url.delayed", "url.opened"], loops: false),
        Row(binding: "hooks.launch (fails)", call: "hooks.launch{loadingFails = true}", records: ["launch.started", "launch.failed"], loops: false),
        // Not looped: every relaunch keeps its retired Lua state (a separate bound), far more than its events.
        Row(binding: "templates.deliver (CS)", setup: template,
            call: """
                templates.deliver{inapp_delivery_mode = 'CS', imc = 1e9, imp = 1e9, inapp_notifs_cs = {
                  {ti = 1000 + 2 * i, wzrk_id = 's' .. i, type = 'custom-code', templateName = 'W', whenTriggers = {{eventName = 'Opened'}},
                   priority = 100, suppressed = true},
                  {ti = 1001 + 2 * i, wzrk_id = 'x' .. i, type = 'custom-code', templateName = 'W', whenTriggers = {{eventName = 'Opened'}}}}}
                app.event('Opened') templates.close()
                """,
            records: ["inapp.triggered", "inapp.suppressed"]),
        Row(binding: "templates.deliver (SS)",
            call: """
                templates.deliver{inapp_delivery_mode = 'SS', inapp_notifs_ss = {{ti = 400 + i, inactionDuration = 30, whenTriggers = {{eventName = 'Cart Viewed'}}}}}
                app.event('Cart Viewed') app.advance(31)
                """,
            records: ["inapp.evaluated", "inapp.scheduled", "inapp.fired", "inapp.fetch"]),
        Row(binding: "app.delegate (veto)", setup: template + "app.delegate{shouldShow = function() return false end}", call: inapp(),
            records: ["inapp.skipped"]),
        Row(binding: "templates.deliver (native)",
            call: """
                templates.deliver{imc = 1e9, imp = 1e9, inapp_notifs = {{ti = i, wzrk_id = 'n' .. i, type = 'interstitial',
                  title = {text = 't'}, message = {text = 'm'}, buttons = {{text = 'ok', actions = {type = 'close'}}}}}}
                app.tap('inapp.button.1')
                """,
            records: ["native.presenting", "native.presented", "native.dismissed"]),
        Row(binding: "app.promptPushPrimer",
            call: """
                app.configure{pushStatus = 'notDetermined'}
                app.promptPushPrimer{titleText = 't', messageText = 'm', positiveBtnText = 'a', negativeBtnText = 'b'}
                app.tap('inapp.button.1')
                app.configure{pushStatus = 'denied'} app.promptForPushPermission(true)
                """,
            records: ["push.prompt", "push.response", "push.settings"]),
        Row(binding: "templates.deliver (system function)",
            call: "templates.deliver{imc = 1e9, imp = 1e9, inapp_notifs = {{ti = i, wzrk_id = 'f' .. i, type = 'custom-code', templateName = 'ctsystem_apprating'}}}",
            records: ["system.function"]),
        Row(binding: "templates.deliver (files)",
            setup: "templates.define{name = 'F', arguments = {{'img', templates.file}}, onPresent = function(ctx) ctx:presented() ctx:dismissed() end}",
            call: """
                templates.deliver{imc = 1e9, imp = 1e9, inapp_notifs = {
                  {ti = i, wzrk_id = 'f' .. i, type = 'custom-code', templateName = 'F', vars = {img = 'examples/scenarios/fixtures/hero.png'}},
                  {ti = i, wzrk_id = 'g' .. i, type = 'custom-code', templateName = 'F', vars = {img = 'examples/scenarios/fixtures/missing' .. i .. '.png'}}}}
                """,
            records: ["file.fetched", "file.failed"]),
        Row(binding: "hooks.closeHookScreen",
            setup: """
                hooks.loadPlugins{{plugin = {identifier = 'h', type = 'general', preload = true}},
                                  {plugin = {identifier = 'blk', type = 'general', preload = true,
                                             general = {fields = {{key = 'is_flow_blocker', initial_value = true}}}}},
                                  {plugin = {identifier = 'w', type = 'general', screen = true, preload = true}}}
                hooks.loadScreens{{id = 'p', hooks = {postload_plugins = {{identifier = 'h', type = 'general'}}}}, {id = 'b'},
                                  {id = 'c', hooks = {preload_plugins = {{identifier = 'nope', type = 'general'}}}},
                                  {id = 'blocked', hooks = {preload_plugins = {{identifier = 'blk', type = 'general'}}}},
                                  {id = 'wait', hooks = {preload_plugins = {{identifier = 'w', type = 'general', screen_id = 'ws'}}}}, {id = 'ws'}}
                hooks.plugin{identifier = 'h', execute = function(self, data, done) done(true) end}
                hooks.plugin{identifier = 'blk', execute = function(self, data, done) done(false) end}
                hooks.plugin{identifier = 'w', screen = true, execute = function(self, data, done) end}
                """,
            call: """
                hooks.navigate('p') hooks.navigate('b') hooks.back()
                hooks.navigate('c') hooks.navigate('blocked')
                hooks.navigate('wait') hooks.navigate('b') hooks.closeHookScreen()
                """,
            records: ["navigation.returned", "hook.skipped", "navigation.blocked", "navigation.rejected", "hook.cancelled"]),
        Row(binding: "flowx.stopProcess", setup: process,
            call: "local u = flowx.startProcess('p') app.background() app.foreground() flowx.resume(u) flowx.stopProcess('p') flowx.startProcess('nope')",
            records: ["flowx.process.updated", "flowx.process.resumed", "flowx.process.stopped", "flowx.process.failed"]),
        Row(binding: "flowx.dismiss",
            setup: process + "flowx.loadProcess[[{\"name\": \"m\", \"modal\": true, \"screens\": [{\"id\": \"s\"}]}]]",
            call: "flowx.startProcess('m') flowx.dismiss() flowx.stopProcess('m')", records: ["flowx.dismiss.requested"]),
        Row(binding: "traits.show (embedded)",
            call: """
                traits.show{id = string.format('00000000-0000-4000-8000-%012d', i), name = 'e', type = 'mobile', traits = {},
                  steps = {{id = '00000000-0000-4000-8000-000000000102', type = 'embed', traits = {{type = '@appcues/embedded', config = {frameID = 'f' .. i}}},
                            actions = {}, content = {type = 'spacer', id = '00000000-0000-4000-8000-000000000601'}}}}
                """,
            records: ["experience.deferred"]),
        Row(binding: "flowx.action (server error)",
            setup: """
                flowx.configure{baseURL = 'b', enginePath = 'e', imageBaseURL = 'i', organizationId = 'o'}
                flowx.session('t') flowx.setupTheme('th')
                flowx.loadProcess[[{"name": "el", "screens": [{"id": "ask", "buttons": [{"id": "check", "action": "check"}]}],
                  "actions": {"check": {"error": "Service unavailable"}}}]]
                flowx.startProcess('el')
                """,
            call: "app.tap('check')", records: ["flowx.action.failed"]),
        Row(binding: "app.relaunch", call: "app.relaunch()", records: ["app.relaunched", "session.started"], loops: false),
    ]

    /// Declared event types no script records, and why.
    static let notFromScripts: [String: String] = [
        "flowx.form": "recorded by the `submit` scenario step only (flowx.validateForm returns its result to the script and records `validation` events)",
    ]

    static func makeEngine(cap: Int?) throws -> Engine {
        var configuration = Engine.Configuration()
        configuration.limits.memory = cap
        configuration.limits.instructions = nil
        configuration.limits.output = nil
        configuration.scriptRoots = [CLI.packageRoot.path + "/examples"]
        configuration.baseDirectory = CLI.packageRoot
        return try SystemCatalog.standard.makeEngine(configuration)
    }

    @Test func everyDeclaredEventTypeIsRecordedByARowOrSaysWhyNoScriptCausesIt() throws {
        let declared = Set(SystemCatalog.standard.eventTypes.map(\.type.name))
        let walked = Set(Self.allRows.flatMap(\.records))
        let listed = walked.union(Self.notFromScripts.keys)
        #expect(declared.subtracting(listed).isEmpty, "event types with no row: \(declared.subtracting(listed).sorted())")
        #expect(listed.subtracting(declared).isEmpty, "not declared: \(listed.subtracting(declared).sorted())")
        #expect(walked.isDisjoint(with: Self.notFromScripts.keys))
    }

    /// Once: the row's events are recorded, and charged at least their estimated size each.
    @Test(arguments: allRows)
    func eachEventIsChargedItsWholeEstimatedSize(_ row: Row) throws {
        let engine = try Self.makeEngine(cap: nil)
        try engine.run("i = 1 " + row.setup)
        let first = engine.transcript.events.count, before = engine.retainedBytes
        try engine.run("i = 1 " + row.call)
        let events = engine.transcript.events[first...]
        let types = Set(events.map(\.type))
        #expect(Set(row.records).isSubset(of: types), "\(row.binding) recorded \(types.sorted())")
        let estimated = events.reduce(0) { $0 + $1.estimatedSize }
        #expect(engine.retainedBytes - before >= estimated, "\(row.binding): \(engine.retainedBytes - before) charged for \(estimated)")
        #expect(events.allSatisfy { $0.estimatedSize >= TranscriptEventCost.floor(of: $0) })
    }

    /// In a loop under a 2 MiB cap: `not enough memory` (raised, or recorded where the binding
    /// records its callbacks' errors), the charged bytes within the cap and its overdraft.
    @Test(arguments: allRows.filter(\.loops))
    func aLoopOfTheCallEndsInNotEnoughMemory(_ row: Row) throws {
        let cap = 2 << 20
        let engine = try Self.makeEngine(cap: cap)
        try engine.run("i = 1 " + row.setup)
        let start = ContinuousClock.now
        var thrown = ""
        do { try engine.run("for n = 1, 300000 do i = n \(row.call) end") } catch let error as LuaError { thrown = error.message }
        let recorded = engine.transcript.events.contains { $0.type == "error" && "\($0.json)".contains("not enough memory") }
        #expect(thrown.contains("not enough memory") || recorded, "\(row.binding): \(thrown.prefix(300))")
        #expect(engine.retainedBytes <= cap + MemoryAccount.overdraft, "\(row.binding): \(engine.retainedBytes) bytes kept")
        #expect(ContinuousClock.now - start < .seconds(60))
    }
}

/// A lower bound on what an event really keeps, counted from its parts, that the estimate must
/// not fall under: each field's key and string bytes, and a pointer-sized slot per value.
enum TranscriptEventCost {
    static func floor(of event: TranscriptEvent) -> Int {
        func value(_ v: JSONValue) -> Int {
            switch v {
            case .string(let s): return 16 + s.utf8.count
            case .array(let a): return a.reduce(16) { $0 + value($1) }
            case .object(let o): return o.reduce(16) { $0 + $1.key.utf8.count + value($1.value) }
            default: return 16
            }
        }
        return 48 + event.fields.reduce(0) { $0 + $1.key.utf8.count + value($1.value) }
    }
}
