import Engine
import Foundation
import JSON
import LuaRuntime
import TestSupport
import Testing
@testable import ctlua

/// Completion and chunk rules without a terminal.
@Suite struct REPLCompletionTests {
    private func complete(_ line: String, setup: String = "") throws -> [String] {
        let lua = try LuaState(policy: .full)
        defer { lua.close() }
        if !setup.isEmpty { try lua.run(setup) }
        let breaks = Set(" \t\n\"'`@$><=;|&{(,+-*/%^~[]#)")
        let start = line.lastIndex(where: { breaks.contains($0) }).map { line.index(after: $0) } ?? line.startIndex
        return Completion(lua: lua, environment: nil).candidates(before: String(line[..<start]), word: String(line[start...]))
    }

    @Test func keywordsGlobalsFieldsAndMethods() throws {
        #expect(try complete("str") == ["string"])
        #expect(try complete("x = wh") == ["while"])
        #expect(try complete("string.fo") == ["string.format"])
        #expect(try complete("print(math.ma") == ["math.max", "math.maxinteger"])
        #expect(try complete("s:up", setup: "s = 'x'") == ["s:upper"])
        #expect(try complete("obj:g", setup: "obj = setmetatable({gx = 1}, {__index = {get = function() end}})") == ["obj:get"])
        #expect(try complete("obj.g", setup: "obj = setmetatable({gx = 1}, {__index = {get = function() end}})") == ["obj.get", "obj.gx"])
        #expect(try complete("nothing.here") == [])
    }

    @Test func userdataMethodsViewIdsAndNothingInsideStrings() throws {
        let lua = try LuaState(policy: .full)
        defer { lua.close() }
        final class Box { let label = "x" }
        lua.register(Box.self, name: "Box") { c in
            c.method("string") { _, _ in [] }
            c.method("stop") { _, _ in [] }
            c.property("label") { .string(LuaString($0.label)) }
        }
        lua.globals["ctx"] = lua.wrap(Box())
        let completion = Completion(lua: lua, environment: nil, viewIDs: ["banner.title", "banner.ok", "spinner"],
                                    visibleIDs: ["banner.ok", "step.next", "step.email"])
        #expect(completion.candidates(before: "", word: "ctx:st") == ["ctx:stop", "ctx:string"])
        #expect(completion.candidates(before: "", word: "ctx.l") == ["ctx.label"])
        #expect(completion.candidates(before: "", word: "ctx:l") == [])  // a property is not a method
        #expect(completion.candidates(before: "app.tap(\"", word: "banner") == ["banner.ok", "banner.title"])
        #expect(completion.candidates(before: "ui.hide('", word: "s") == ["spinner"])
        // app.tap/type/select reach every visible view (an experience's components too); ui.* only its own.
        #expect(completion.candidates(before: "app.tap(\"", word: "") == ["banner.ok", "banner.title", "spinner", "step.email", "step.next"])
        #expect(completion.candidates(before: "app.type('", word: "step.e") == ["step.email"])
        #expect(completion.candidates(before: "app.select(\"", word: "st") == ["step.email", "step.next"])
        #expect(completion.candidates(before: "ui.find(\"", word: "st") == [])
        #expect(completion.candidates(before: "print(\"", word: "wh") == [])
        #expect(completion.candidates(before: "x = 1 -- ", word: "wh") == [])
        #expect(completion.candidates(before: "print(\"a\", ", word: "wh") == ["while"])
        #expect(Completion.isInsideString(#"print("it\"s "#))
        #expect(!Completion.isInsideString(#"print("done") "#))
    }

    /// readline ends a word at `-` (and `@`, `(`...): an id's start is found from the quote or `:tap `.
    @Test func viewIdsWithDashesDotsAndUUIDsCompleteWholeAfterTapAndInsideTheirCalls() throws {
        let lua = try LuaState(policy: .full)
        defer { lua.close() }
        let uuid1 = "00000000-0000-4000-8000-900000000101", uuid2 = "00000000-0000-4000-8000-900000000202"
        let completion = Completion(lua: lua, environment: nil, viewIDs: ["menu.item-1", "menu.item-2"], visibleIDs: [uuid1, uuid2])
        // As readline splits the line: the word is what follows the last `-`.
        #expect(completion.candidates(before: "app.tap(\"00000000-0000-4000-8000-", word: "9000000001") == ["900000000101"])
        #expect(completion.candidates(before: "app.tap('", word: "") == ["00000000-0000-4000-8000-900000000101",
                                                                         "00000000-0000-4000-8000-900000000202", "menu.item-1", "menu.item-2"])
        #expect(completion.candidates(before: "x = 1; app.type(\"menu.item-", word: "") == ["1", "2"])
        #expect(completion.candidates(before: "ui.hide(\"menu.item-", word: "2") == ["2"])
        #expect(completion.candidates(before: "ui.hide(\"0000", word: "") == [])   // ui.* reaches only the ui module's views
        #expect(completion.candidates(before: ":tap ", word: "") == [uuid1, uuid2, "menu.item-1", "menu.item-2"])
        #expect(completion.candidates(before: ":tap 00000000-0000-4000-8000-", word: "9000000002") == ["900000000202"])
        #expect(completion.candidates(before: ":tap ", word: "wh") == [], "no Lua names after :tap")
        // A closed string, another call, a comment: not an id.
        #expect(completion.candidates(before: "app.tap(\"menu.item-1\", ", word: "wh") == ["while"])
        #expect(completion.candidates(before: "print(\"menu.item-", word: "1") == [])
        #expect(completion.candidates(before: "-- app.tap(\"menu.", word: "it") == [])
    }

    @Test func loadCompletesFileNamesInSubfolders() throws {
        let root = CLI.packageRoot.path
        #expect(Completion.fileNames(in: root + "/examples/", prefix: "temp") == ["templates/"])
        #expect(Completion.fileNames(in: root + "/examples/templates/", prefix: "ba") == ["banner.lua"])
        #expect(Completion.fileNames(in: root + "/examples/templates/", prefix: "zz") == [])
        #expect(!Completion.fileNames(in: root + "/examples/", prefix: "").contains(".luarc.json"))
        #expect(Completion.fileNames(in: root + "/examples/", prefix: ".l") == [".luarc.json"])
    }

    /// Completion runs no script code: a script's `getmetatable`, an `__index` function, a
    /// metatable that hides itself (`__metatable`) are not called; only tables are followed, raw.
    /// It called the global `getmetatable` for userdata: a script's loop there hung Tab for good.
    @Test func completionRunsNoScriptCode() throws {
        let result = withDeadline(10) { () throws -> [[String]] in
            let lua = try LuaState(policy: .full)
            defer { lua.close() }
            try lua.run("""
                calls = 0
                getmetatable = function() calls = calls + 1 while true do end end
                rawget = getmetatable
                looping = setmetatable({}, {__index = function() calls = calls + 1 while true do end end})
                hidden = setmetatable({}, {__metatable = 'no', __index = {shown = 1}})
                chained = setmetatable({}, {__index = setmetatable({a1 = 1}, {__index = function() calls = calls + 1 end})})
                """)
            let completion = Completion(lua: lua, environment: nil)
            let found = [completion.candidates(before: "", word: "io.stdout:wr"),
                         completion.candidates(before: "", word: "looping.x"),
                         completion.candidates(before: "", word: "hidden.sh"),
                         completion.candidates(before: "", word: "chained.a"),
                         completion.candidates(before: "", word: "chained.nope.x")]
            return found + [[lua.globals["calls"].description]]
        }
        let found = try #require(try result?.get(), "completion did not return within 10 s")
        #expect(found == [["io.stdout:write"], [], ["hidden.shown"], ["chained.a1"], [], ["0"]])
    }

    @Test func uiListingMarksTappableViews() {
        let ui = HeadlessUI(transcript: Transcript(clock: { 0 }))
        #expect(REPL.describeUI(ui) == "no views\n")
        ui.show(id: "title", properties: ["text": "Sale"])
        ui.show(id: "ok", properties: ["text": "OK"], onTap: {})
        #expect(REPL.describeUI(ui) == "  title {\"text\":\"Sale\"}\n* ok {\"text\":\"OK\"}\n")
        // A system's views (an experience's components) follow, tappable when their source takes a tap.
        ui.setViewSource(owner: "sys", ViewSource(views: { [("next", ["kind": "button"]), ("note", ["kind": "text"])] },
                                                  tap: { $0 == "next" ? {} : nil }))
        #expect(REPL.describeUI(ui) == """
              title {"text":"Sale"}
            * ok {"text":"OK"}
            * next {"kind":"button"}
              note {"kind":"text"}

            """)
    }

    @Test func moduleNamesInRequire() throws {
        #expect(try complete(#"require "str"#) == ["string"])
        #expect(try complete(#"local m = require("tab"#) == ["table"])
        #expect(Completion.isRequireArgument("local json = require '"))
        #expect(!Completion.isRequireArgument("required = '"))
        #expect(!Completion.isRequireArgument("x.require '"))
        #expect(Completion.commonPrefix(["math.max", "math.maxinteger", "math.min"]) == "math.m")
    }
}

/// The real REPL through a pseudo-terminal (python3 + pexpect), each session bounded by timeouts.
@Suite(.serialized) struct REPLTests {
    @Test func expressionsAndSeveralResults() throws {
        try session("""
            c = spawn()
            send(c, "1 + 2"); expect(c, "3"); prompt(c)
            send(c, '="a", 2, nil'); expect(c, '"a"\\t2\\tnil'); prompt(c)
            send(c, "x = 5"); prompt(c)
            send(c, "x * 2"); expect(c, "10"); prompt(c)
            send(c, "error('boom')"); expect(c, "stdin:1: boom"); prompt(c)
            quit(c)
            c = spawn(colors=True)
            send(c, "1 + 2, 'x'"); expect(c, "\\x1b[36m3\\x1b[0m\\t\\x1b[32m\\"x\\"\\x1b[0m"); prompt(c)
            quit(c)
            """)
    }

    @Test func sandboxKeepsGlobalsBetweenLines() throws {
        try session("""
            c = spawn(args=["--sandbox"])
            send(c, "x = 20"); prompt(c)
            send(c, "x + 1"); expect(c, "21"); prompt(c)
            send(c, "require 'cjson'"); expect(c, "module 'cjson' not found"); prompt(c)
            send(c, "io"); expect(c, "nil"); prompt(c)
            send(c, "app.relaunch()"); expect(c, "app.relaunched"); prompt(c)   # a new state: a new session _ENV
            send(c, "y = 2"); prompt(c)
            send(c, "y * 3, x"); expect(c, "6\tnil"); prompt(c)
            quit(c)
            """)
    }

    @Test func multiLineFunction() throws {
        try session("""
            c = spawn()
            send(c, "function sq(x)"); cont(c)
            send(c, "  return x * x"); cont(c)
            send(c, "end"); prompt(c)
            send(c, "sq(7)"); expect(c, "49"); prompt(c)
            send(c, "{1,"); cont(c)
            send(c, "2}"); expect(c, "{ 1, 2 }"); prompt(c)
            quit(c)
            """)
    }

    @Test func tablesPrintSorted() throws {
        try session("""
            c = spawn()
            send(c, "{b = 2, a = 1, 10, 20, nested = {z = true, y = 'q'}}")
            expect(c, '{ 10, 20, a = 1, b = 2, nested = { y = "q", z = true } }'); prompt(c)
            send(c, "t = {name = string.rep('x', 50), other = string.rep('y', 50)} t.self = t")
            prompt(c)
            send(c, "t")   # wider than the 100 columns of the pty: one entry a line, the cycle marked
            expect(c, '{\\r\\n  name = "' + 'x' * 50 + '",\\r\\n  other = "' + 'y' * 50 + '",\\r\\n  self = <cycle: table: 0x')
            prompt(c)
            quit(c)
            """)
    }

    @Test func tabCompletesGlobals() throws {
        try session("""
            c = spawn()
            c.send("str\\t"); time.sleep(0.3)
            send(c, ".rep('ab', 3)"); expect(c, '"ababab"'); prompt(c)
            c.send("string.up\\t"); time.sleep(0.3)
            send(c, "('x')"); expect(c, '"X"'); prompt(c)
            send(c, "s = 'abc'"); prompt(c)
            c.send("s:up\\t"); time.sleep(0.3)
            send(c, "()"); expect(c, '"ABC"'); prompt(c)
            c.send('(require "tem\\t'); time.sleep(0.3)
            send(c, ').list()'); expect(c, "{}"); prompt(c)   # readline closed the quote
            c.send(":load examples/tem\t"); time.sleep(0.3)
            c.send("ban\t"); time.sleep(0.3)
            send(c, ""); expect(c, "loaded examples/templates/banner.lua"); prompt(c)
            quit(c)
            """)
    }

    @Test func tabCompletesViewIdsWithDashesAfterTapAndInAppTap() throws {
        try session("""
            c = spawn()
            send(c, 'ui.show{id = "00000000-0000-4000-8000-900000000101", text = "one", onTap = function() print("tapped 101") end}')
            prompt(c)
            send(c, 'ui.show{id = "00000000-0000-4000-8000-900000000202", text = "two", onTap = function() print("tapped 202") end}')
            prompt(c)
            c.send('app.tap("00000000-0000-4000-8000-9000000001\t'); time.sleep(0.3)
            send(c, '")'); expect(c, "tapped 101"); prompt(c)
            c.send(":tap 00000000-0000-4000-8000-9000000002\t"); time.sleep(0.3)
            send(c, ""); expect(c, "tapped 202"); prompt(c)
            # `:tap <Tab>`: the ids' common prefix; Tab again (readline lists once the line is unchanged): the ids, not Lua names.
            c.send(":tap \\t"); time.sleep(0.3)
            c.send("\\t"); time.sleep(0.3)
            c.send("\\t"); expect(c, "900000000101"); expect(c, "900000000202")
            send(c, "101"); expect(c, "tapped 101"); prompt(c)
            quit(c)
            """)
    }

    /// Tab on a userdata called the script's `getmetatable`; a loop there needed kill -9.
    @Test func tabRunsNoScriptCode() throws {
        try session("""
            c = spawn()
            send(c, "getmetatable = function() while true do end end"); prompt(c)
            c.send("io.stdout:wr\t"); time.sleep(0.3)
            send(c, "('')"); expect(c, "io.stdout:write('')"); expect(c, "file ("); prompt(c)   # Tab gave io.stdout:write
            quit(c)
            """)
    }

    @Test func ctrlCStopsARunningChunkAndClearsTheLine() throws {
        try session("""
            c = spawn()
            send(c, "print('spinning') while true do end"); expect(c, "spinning"); time.sleep(0.2)
            c.sendintr(); expect(c, "interrupted"); prompt(c)
            send(c, "for i = 1, 3 do print(pcall(function() while true do end end)) end"); time.sleep(0.5)
            c.sendintr(); expect(c, "interrupted"); prompt(c)
            send(c, "1 + 1"); expect(c, "2"); prompt(c)
            c.send("half a line"); time.sleep(0.2); c.sendintr(); prompt(c)
            send(c, "'still here'"); expect(c, '"still here"'); prompt(c)
            quit(c)
            """)
    }

    /// Lua runs `__gc` finalizers with hooks off: Ctrl-C cannot stop one that loops. The second
    /// Ctrl-C, while the first is still unheard, ends the REPL (status 130) with a message.
    @Test func aSecondCtrlCEndsAFinalizerThatIgnoresTheFirst() throws {
        try session("""
            c = spawn()
            send(c, "setmetatable({}, {__gc = function() print('looping') while true do end end}) collectgarbage()")
            expect(c, "looping"); time.sleep(0.3)
            c.sendintr(); time.sleep(0.5)
            assert c.isalive(), "one Ctrl-C only asks"
            c.sendintr()
            expect(c, "interrupted twice, and the running code does not see interrupts")
            c.expect(pexpect.EOF); c.close()
            assert c.exitstatus == 130, "status %r" % c.exitstatus
            """)
    }

    @Test func loadAPresenterAndDeliverAnInApp() throws {
        try session("""
            c = spawn()
            send(c, ":load examples/templates/banner.lua"); prompt(c)
            send(c, "templates.list()"); expect(c, '{ "Banner", "Survey" }'); prompt(c)
            send(c, "templates.deliver{type = 'custom-code', templateName = 'Banner', wzrk_id = 'c1', vars = {title = 'Sale'}}")
            expect(c, "template.presenting"); expect(c, "ui.show"); expect(c, "Sale"); expect(c, "template.presented"); prompt(c)
            send(c, ":queue"); expect(c, "displayed: c1 Banner"); prompt(c)
            send(c, ":ui"); expect(c, "  banner.title"); expect(c, "* banner.open"); prompt(c)
            send(c, ":screen"); expect(c, "z1 app: headless views"); expect(c, "#banner.title view “Sale”"); expect(c, "[tap] #banner.open"); prompt(c)
            send(c, ":events 3"); expect(c, "template.presented"); expect(c, "notification.viewed"); prompt(c)
            send(c, ":tap banner.title"); expect(c, "ui.tap"); prompt(c)
            send(c, ":tap nope"); expect(c, "nope"); prompt(c)
            send(c, "ui.show{id = 'boom', onTap = function() error('tapped wrong') end}"); prompt(c)
            send(c, ":tap boom"); expect(c, "error"); expect(c, "tapped wrong"); expect(c, "      stack traceback:"); prompt(c)
            send(c, ":echo off"); prompt(c)
            send(c, "app.log('quiet')"); prompt(c)
            send(c, ":echo on"); prompt(c)
            send(c, "app.log('loud')"); expect(c, '"message":"loud"'); prompt(c)
            send(c, ":reset"); expect(c, "fresh engine"); prompt(c)
            send(c, "templates.list()"); expect(c, "{}"); prompt(c)
            quit(c)
            """)
    }

    @Test func campaignsShowsTheCampaignState() throws {
        try session("""
            c = spawn()
            send(c, ":load examples/templates/banner.lua"); prompt(c)
            send(c, "templates.deliver{imc = 3, imp = 4, inapp_delivery_mode = 'CS', inapp_notifs_cs = {{ti = 77, wzrk_id = '77', type = 'custom-code', templateName = 'Banner', whenTriggers = {{eventName = 'Go'}}}}}"); prompt(c)
            send(c, "app.event('Go')"); expect(c, "inapp.triggered"); prompt(c)
            send(c, ":campaigns"); expect(c, '"cs"'); expect(c, '"77"'); expect(c, '"perSession"'); expect(c, '3'); prompt(c)
            send(c, "app.login('alice'); app.login('bob')"); prompt(c)
            send(c, ":campaigns"); expect(c, '"counts":{}'); prompt(c)
            quit(c)
            """)
    }

    @Test func historySurvivesARestart() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let history = dir.appendingPathComponent("history").path
        try session("""
            c = spawn()
            send(c, "function twice(x)"); cont(c)
            send(c, "  return 2 * x"); cont(c)
            send(c, "end"); prompt(c)
            send(c, "'remembered' .. 1"); expect(c, '"remembered1"'); prompt(c)
            c.sendeof(); c.expect(pexpect.EOF); c.close()
            assert c.exitstatus == 0, "Ctrl-D: exit status %r" % c.exitstatus
            c = spawn()
            c.send("\\x1b[A"); time.sleep(0.3); c.send("\\r"); expect(c, '"remembered1"'); prompt(c)
            c.send("\\x1b[A\\x1b[A"); time.sleep(0.3); c.send("\\r"); prompt(c)   # the whole multi-line chunk
            send(c, "twice(21)"); expect(c, "42"); prompt(c)
            quit(c)
            """, environment: ["CTLUA_HISTORY": history])
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.contains("'remembered' .. 1"))
    }

    /// The history guard: a history path that is a FIFO (readline's read would block the start
    /// and its write the first line) or a file past ``FileBytes/limit`` (read whole into memory)
    /// is not used; the session runs with its history in memory and leaves the path as it was.
    @Test(arguments: ["fifo", "large"])
    func aHistoryPathThatIsNotASmallRegularFileIsLeftAlone(kind: String) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let history = dir.appendingPathComponent("history").path
        if kind == "fifo" {
            #expect(mkfifo(history, 0o600) == 0)
        } else {
            #expect(FileManager.default.createFile(atPath: history, contents: nil))
            #expect(truncate(history, off_t(FileBytes.limit + 1)) == 0)
        }
        try session("""
            c = spawn()
            send(c, "'in memory' .. 1"); expect(c, '"in memory1"'); prompt(c)
            c.send("\\x1b[A"); time.sleep(0.3); c.send("\\r"); expect(c, '"in memory1"'); prompt(c)
            quit(c)
            """, environment: ["CTLUA_HISTORY": history])
        let attributes = try FileManager.default.attributesOfItem(atPath: history)
        if kind == "fifo" {
            #expect(attributes[.type] as? FileAttributeType != .typeRegular, "still a FIFO")
        } else {
            #expect(attributes[.size] as? Int == FileBytes.limit + 1, "not rewritten")
        }
    }

    /// `:screen` with a size of 1e300 and a 100,000-character text: the size is not used (said
    /// why), the frame out of range is still listed, the text is cut.
    @Test func screenDrawsHostileSizesAndCutsTexts() throws {
        try session("""
            c = spawn()
            send(c, "ui.show{id = 'screen', width = 1e300, height = 1e300}"); prompt(c)
            send(c, "ui.show{id = 'v', x = 1e300, y = 0, width = 1e300, height = 1, text = string.rep('z', 100000)}"); prompt(c)
            send(c, ":screen"); expect(c, "gives 1e+300×1e+300, not from 1 to 20000 points"); expect(c, "#v view “zzz")
            i = c.expect([PROMPT, "z" * 600]); assert i == 0, "the text is not cut"
            quit(c)
            """)
    }

    /// `:record` … `:save`: a banner delivered, a failing tap not recorded, the close tapped, an
    /// expression only printed; the saved file stays in the folder and passes `ctlua test`.
    @Test func recordAndSaveWriteAScenarioThatPasses() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("examples/templates/banner.lua"),
                                         to: dir.appendingPathComponent("banner.lua"))
        let delivery = #"{"deliver": {"inapp_notifs": [{"type": "custom-code", "templateName": "Banner", "ti": 1, "wzrk_id": "c1", "vars": {"buttons.close": {"actions": {"type": "close"}}}}]}}"#
        try session("""
            c = spawn(cwd=os.environ["REC_DIR"])
            send(c, ":save early"); expect(c, ":record first"); prompt(c)
            send(c, ":record"); expect(c, "recording, on a fresh engine"); prompt(c)
            send(c, ":load banner.lua"); expect(c, "loaded banner.lua"); prompt(c)
            send(c, ':step \(delivery)'); expect(c, "recorded steps[0]"); prompt(c)
            send(c, ":tap nothing.here"); expect(c, "not recorded"); prompt(c)
            send(c, "=templates.displayed()"); prompt(c)
            send(c, ":tap banner.close"); expect(c, "recorded steps[1]"); prompt(c)
            send(c, ":pin"); expect(c, "recorded steps[2]"); prompt(c)
            send(c, ":save ../escape"); expect(c, "outside the project folder"); prompt(c)
            send(c, ":save banner_closes"); expect(c, "it passes"); prompt(c)
            send(c, ":save banner_closes"); expect(c, "it passes"); prompt(c)
            quit(c)
            """, environment: ["REC_DIR": dir.path])
        let saved = try JSONValue.decode(String(contentsOf: dir.appendingPathComponent("banner_closes.json"), encoding: .utf8))
        #expect(saved["scripts"] == ["banner.lua"])
        let steps = saved["steps"]?.arrayValue ?? []
        #expect(steps.count == 3)
        #expect(steps.count == 3 && steps[1] == ["tap": "banner.close"])
        #expect(steps.count == 3 && steps[2]["expect"]?["displayed"] == .null)
        #expect(!FileManager.default.fileExists(atPath: dir.deletingLastPathComponent().appendingPathComponent("escape.json").path))
        let run = try CLI.run(["test", "banner_closes.json"], directory: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    // MARK: - Harness

    /// Helpers every session script starts with: spawn, send a line, expect text, expect a prompt.
    private static let prelude = #"""
        import os, re, sys, time
        import pexpect
        EXE = os.environ["CTLUA_EXE"]
        PROMPT = re.compile(r"\n(?:\x1b\[[0-9?;]*[A-Za-z]|\r)*> ")
        CONT = re.compile(r"\n(?:\x1b\[[0-9?;]*[A-Za-z]|\r)*>> ")
        def spawn(colors=False, args=[], cwd=None):
            env = dict(os.environ)
            env.update({"TERM": "xterm", "COLUMNS": "100"})
            if colors: env.pop("NO_COLOR", None)
            else: env["NO_COLOR"] = "1"
            c = pexpect.spawn(EXE, args, env=env, encoding="utf-8", timeout=15, dimensions=(30, 100), cwd=cwd)
            c.logfile_read = sys.stdout
            prompt(c)
            return c
        def send(c, line): c.send(line + "\r")
        def expect(c, text): c.expect_exact(text)
        def prompt(c): c.expect(PROMPT)
        def cont(c): c.expect(CONT)
        def quit(c):
            send(c, ":quit")
            c.expect(pexpect.EOF)
            c.close()
            assert c.exitstatus == 0, "exit status %r" % c.exitstatus

        """#

    /// Runs a pexpect script against the built `ctlua`; fails with its output when it fails or hangs.
    private func session(_ body: String, environment: [String: String] = [:],
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("session.py")
        try (Self.prelude + body + "\n").write(to: script, atomically: true, encoding: .utf8)
        let log = dir.appendingPathComponent("log")
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.currentDirectoryURL = CLI.packageRoot
        var env = ProcessInfo.processInfo.environment
        env["CTLUA_EXE"] = CLI.executable.path
        env["CTLUA_HISTORY"] = dir.appendingPathComponent("history").path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Polled, not a terminationHandler (which leaks the Process under LeakSanitizer).
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        let finished = !process.isRunning
        if !finished { process.terminate() }
        process.waitUntilExit()
        try output.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(finished, "the session hung:\n\(text)", sourceLocation: sourceLocation)
        #expect(process.terminationStatus == 0, "the session failed:\n\(text)", sourceLocation: sourceLocation)
    }
}
