import Foundation
import LuaRuntime
import Testing
@testable import ctlua

@Suite struct PrettyPrinterTests {
    /// Evaluates `expression` in a fresh state and prints it with `options`.
    private func show(_ expression: String, _ configure: (inout PrettyPrinter.Options) -> Void = { _ in }) throws -> String {
        let lua = try LuaState(policy: .full)
        defer { lua.close() }
        var options = PrettyPrinter.Options()
        configure(&options)
        return PrettyPrinter(options: options).format(try lua.run("return " + expression))
    }

    @Test(arguments: [
        ("nil", "nil"), ("true", "true"), ("42", "42"), ("1.5", "1.5"), ("2^53", "9.007199254741e+15"),
        (#""hi""#, #""hi""#), (#""a\"b\\c\n""#, #""a\"b\\c\n""#), (#""\0" .. "1""#, #""\0001""#),
        (#""é""#, #""é""#), (#""\200é""#, #""\200\195\169""#),
        ("{}", "{}"), ("{1, 2, 3}", "{ 1, 2, 3 }"),
    ])
    func scalarsAndStrings(expression: String, expected: String) throws {
        #expect(try show(expression) == expected)
    }

    @Test func keysAreSortedArrayPartFirst() throws {
        let text = try show(#"{zeta = 1, alpha = 2, [10] = "x", "one", "two", [-1] = 0, ["with space"] = true, [true] = 1}"#) {
            $0.width = 200
        }
        #expect(text == #"{ "one", "two", [-1] = 0, [10] = "x", alpha = 2, ["with space"] = true, zeta = 1, [true] = 1 }"#)
        #expect(try show(#"{["end"] = 1, _x = 2}"#) == #"{ _x = 2, ["end"] = 1 }"#)   // keywords are not bare keys
    }

    @Test func severalResultsAreTabSeparated() throws {
        #expect(try show(#"1, "two", nil, {a = 1}"#) == "1\t\"two\"\tnil\t{ a = 1 }")
    }

    @Test func nestingStopsAtTheDepthLimit() throws {
        let text = try show("{a = {b = {c = {d = 1}}}}") { $0.maxDepth = 2 }
        #expect(text == "{ a = { b = {...} } }")
    }

    @Test func itemLimitCountsWhatIsLeft() throws {
        let text = try show("{1, 2, 3, 4, 5, 6}") { $0.maxItems = 4 }
        #expect(text == "{ 1, 2, 3, 4, ... (2 more) }")
    }

    @Test func cyclesAreMarked() throws {
        let lua = try LuaState(policy: .full)
        defer { lua.close() }
        let results = try lua.run("local t = {name = 't'} t.self = t t.list = {t} return t")
        let text = PrettyPrinter(options: PrettyPrinter.Options(width: 200)).format(results)
        #expect(text.hasPrefix(#"{ list = { <cycle: table: 0x"#), "\(text)")
        #expect(text.contains(#"name = "t", self = <cycle: table: 0x"#), "\(text)")
        // a table seen twice, not inside itself, prints twice
        #expect(try show("(function() local s = {1} return {s, s} end)()") == "{ { 1 }, { 1 } }")
    }

    @Test func wideTablesBreakOneEntryPerLine() throws {
        let table = #"{name = "Banner", vars = {title = "Sale", message = "Welcome back"}, priority = 100}"#
        #expect(try show(table) { $0.width = 60 } == """
            {
              name = "Banner",
              priority = 100,
              vars = { message = "Welcome back", title = "Sale" },
            }
            """)
        #expect(try show(table) { $0.width = 40 } == """
            {
              name = "Banner",
              priority = 100,
              vars = {
                message = "Welcome back",
                title = "Sale",
              },
            }
            """)
        #expect(try show(#"{name = "Banner", priority = 100}"#) { $0.width = 80 } == #"{ name = "Banner", priority = 100 }"#)
        let narrow = try show(#"{vars = {title = "Sale", message = "Welcome back"}}"#) { $0.width = 30 }
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 30 }, "\(narrow)")
    }

    @Test func functionsAndToStringUseTostring() throws {
        #expect(try show("print").hasPrefix("function: "))
        #expect(try show(#"setmetatable({}, {__tostring = function() return "point(1, 2)" end})"#) == "point(1, 2)")
    }

    @Test func colorsOnlyWhenAsked() throws {
        let plain = try show(#"{a = "x", b = 1}"#)
        #expect(!plain.contains("\u{1B}"))
        let colored = try show(#"{a = "x", b = 1}"#) { $0.colors = true }
        #expect(colored.contains("\u{1B}[32m\"x\"\u{1B}[0m"))
        #expect(colored.replacingANSI() == plain)
    }

    @Test func terminalWidthAndColourSettings() {
        #expect(Terminal.width(fd: -1, environment: ["COLUMNS": "123"]) == 123)   // not a terminal: $COLUMNS
        #expect(Terminal.width(fd: -1, environment: [:]) == 80)
        #expect(Terminal.colors(fd: -1, environment: [:]) == false)                 // colours only on a terminal
        let pty = open("/dev/ptmx", O_RDWR | O_NOCTTY)   // a pseudo-terminal master is a terminal
        guard pty >= 0 else { return }
        defer { close(pty) }
        #expect(Terminal.colors(fd: pty, environment: ["TERM": "xterm"]))
        #expect(!Terminal.colors(fd: pty, environment: ["TERM": "xterm", "NO_COLOR": "1"]))
    }
}
