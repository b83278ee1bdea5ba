import Foundation
import Systems
import SystemKit
import Testing
import TestSupport

/// Issue 20, item 4: arithmetic-overflow traps (SIGILL) from scripts and server data. A scan feeds
/// the integer and float extremes to every numeric argument of every binding of a catalog engine
/// (the list is found in the engine, as the memory walk's) and to the numeric fields of server data;
/// each runs in a `ctlua run` child, so a trap fails the test (naming the module) instead of killing
/// the suite, and every call must end in a value or an error, never a crash.
/// `traits.page(math.mininteger)`, `view:insert(v, math.mininteger)`, a campaign frequency of ±2^63,
/// an enumeration `order` of `math.mininteger` and a tampered `users.json` count all trapped.
@Suite struct BindingIntegerScanTests {
    static let extremes = "{math.mininteger, math.maxinteger, -1, 0, 2^63, -2^63, 1e308, -1e308, 0/0, 1/0, -1/0, 2^53 + 1}"

    /// Lua that calls `f` (a function, or a method of `obj`) with every extreme in every position.
    static let scanner = """
        local extremes = \(extremes)
        local calls = 0
        local function scan(f, obj)
          for _, x in ipairs(extremes) do
            local shapes = {{x}, {x, x}, {x, x, x}, {'a', x}, {'a', x, x}, {'a', 'b', x}, {{x}, x},
                            {{x, order = x, page = x, value = x, timeout = x, limit = x, frequency = x}, x}}
            for _, s in ipairs(shapes) do
              if obj then pcall(f, obj, table.unpack(s)) else pcall(f, table.unpack(s)) end
              calls = calls + 1
            end
          end
        end
        local function scanObject(obj, methods)
          for _, m in ipairs(methods) do scan(obj[m], obj) end
          -- a view as the first argument (view:add, view:insert)
          for _, m in ipairs(methods) do
            for _, x in ipairs(extremes) do pcall(obj[m], obj, traits and traits.view{kind = 'c'} or nil, x) end
          end
        end

        """

    /// Runs `script` in a `ctlua run` child under the default sandbox and limits.
    static func run(_ script: String) throws -> CLI.Result {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scan.lua")
        try script.write(to: file, atomically: true, encoding: .utf8)
        return try CLI.run(["run", "--sandbox", "--timeout", "120", "--state-dir", dir.appendingPathComponent("state").path, file.path])
    }

    static func lua(_ names: [String]) -> String { "{" + names.map { "'\($0)'" }.joined(separator: ", ") + "}" }

    /// Every module's functions, one child per module.
    @Test(arguments: SystemCatalog.standard.modules.map(\.name))
    func everyFunctionOfTheModuleTakesTheExtremes(_ module: String) throws {
        let engine = try SystemCatalog.standard.makeEngine()
        let names = BindingInventory.functions(of: engine, modules: [module]).map { String($0.dropFirst(module.count + 1)) }
        #expect(!names.isEmpty)
        let r = try Self.run(Self.scanner + """
            for _, name in ipairs(\(Self.lua(names))) do scan(\(module)[name]) end
            print('scanned', calls)
            """)
        #expect(r.status == 0 && r.stdout.contains("scanned"), "\(module): status \(r.status)\n\(r.stdout.suffix(300))\n\(r.stderr.suffix(800))")
    }

    /// Every method of every userdata class, on an instance reached the way scripts reach it.
    @Test func everyMethodTakesTheExtremes() throws {
        let engine = try SystemCatalog.standard.makeEngine()
        var methods: [String: [String]] = [:]
        for entry in BindingInventory.methods(of: engine) {
            let parts = entry.split(separator: ":").map(String.init)
            methods[parts[0], default: []].append(parts[1])
        }
        // Where a script gets an instance of each class; a new class must be added here.
        let reach: [String: String] = [
            "TraitView": "scanObject(traits.view{kind = 'k'}, METHODS)",
            "PageMonitor": "traits.register{type = '@scan/pm', createContainer = function(self, steps, monitor) scanObject(monitor, METHODS) return traits.view{kind = 'c'} end}",
            "TraitMetadataDelegate": "traits.register{type = '@scan/md', decorateStep = function(self) scanObject(self.metadata, METHODS) end}",
            "TraitMetadata": "traits.register{type = '@scan/m', decorateStep = function(self) self.metadata:registerHandler('k', function(meta) scanObject(meta, METHODS) end) self.metadata:set{k = 1} self.metadata:publish() end}",
            "TemplateContext": "templates.define{name = 'Scan', arguments = {{'n', 1}, {'s', 'x'}}, onPresent = function(ctx) scanObject(ctx, METHODS) end}",
        ]
        #expect(Set(methods.keys) == Set(reach.keys), "classes without a way to reach them: \(Set(methods.keys).subtracting(reach.keys).sorted())")
        var script = Self.scanner
        for (name, code) in reach.sorted(by: { $0.key < $1.key }) {
            script += code.replacingOccurrences(of: "METHODS", with: Self.lua(methods[name] ?? [])) + "\n"
        }
        script += """
            traits.register{type = '@scan/present', present = function(self, w, done) done() end, remove = function(self, w, done) done() end}
            local function step(n)
              return {id = '00000000-0000-4000-8000-00000000000' .. n, type = 'm', traits = {}, actions = {},
                      content = {type = 'spacer', id = '00000000-0000-4000-8000-00000000001' .. n}}
            end
            traits.show{id = '00000000-0000-4000-8000-000000000001', name = 'scan', type = 'mobile',
                        traits = {{type = '@scan/present'}, {type = '@scan/pm'}, {type = '@scan/md'}, {type = '@scan/m'}},
                        steps = {{id = '00000000-0000-4000-8000-000000000002', type = 'group', traits = {}, actions = {}, children = {step(3), step(4)}}}}
            templates.deliver{type = 'custom-code', templateName = 'Scan', wzrk_id = 'scan', vars = {}}
            print('scanned', calls)
            """
        let r = try Self.run(script)
        #expect(r.status == 0 && r.stdout.contains("scanned"), "status \(r.status)\n\(r.stdout.suffix(300))\n\(r.stderr.suffix(800))")
        let calls = Int(r.stdout.split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        #expect(calls >= methods.values.map(\.count).reduce(0, +) * 12 * 8, "every method was reached: \(calls) calls")
    }

    /// Numeric fields of server data: campaign frequency limits of every type, enumeration orders.
    @Test func serverDataWithExtremeNumbersIsClampedOrRefused() throws {
        let r = try Self.run(Self.scanner + """
            templates.define{name = 'T', onPresent = function(ctx) ctx:dismissed() end}
            local types = {'session', 'seconds', 'minutes', 'hours', 'days', 'weeks', 'onEvery', 'onExactly', 'ever'}
            local n = 0
            for _, t in ipairs(types) do
              for _, x in ipairs(extremes) do
                for _, s in ipairs({x, tostring(x)}) do
                  n = n + 1
                  local ok, e = pcall(templates.deliver, {inapp_delivery_mode = 'CS', inapp_notifs_cs = {
                    {ti = n, wzrk_id = n .. '_1', type = 'custom-code', templateName = 'T', vars = {},
                     whenTriggers = {{eventName = 'E'}}, frequencyLimits = {{type = t, limit = s, frequency = s}},
                     occurrenceLimits = {{type = t, limit = s, frequency = s}}, delayAfterTrigger = s, wzrk_ttl_offset = s}}})
                  app.event('E')
                end
                pcall(flowx.setEnumerations, {e = {{code = 'c', order = x}, {code = 'd', order = -x}}})
                pcall(flowx.enumeration, 'e')
              end
            end
            print('scanned', n)
            """)
        #expect(r.status == 0 && r.stdout.contains("scanned"), "status \(r.status)\n\(r.stdout.suffix(300))\n\(r.stderr.suffix(800))")
    }

    /// A state file with extreme numbers (a tampered `users.json` count): refused as corrupt
    /// (moved aside, reported), never a trap on the next user's ID.
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "0", "1e300", "\"many\""])
    func aTamperedUserCountIsRefusedAsCorrupt(_ count: String) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try #"{"version": 1, "current": "-ctlua-1", "count": \#(count), "identities": {"Identity:a": "-ctlua-1"}}"#
            .write(to: state.appendingPathComponent("users.json"), atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("login.lua")
        try """
            app.login('a') app.login('b') app.login('c')
            for _, e in ipairs(app.events('error')) do print(e.message) end
            for _, e in ipairs(app.events('app.login')) do print(e.identity, e.deviceId) end
            """.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "--sandbox", "--state-dir", state.path, file.path])
        #expect(r.status == 0, "\(count): status \(r.status)\n\(r.stderr.suffix(600))")
        #expect(r.stdout.contains("users.json is corrupt"), "\(count): \(r.stdout)")
        #expect(r.stdout.contains("c\t-ctlua-"), "\(count): \(r.stdout)")
    }
}
