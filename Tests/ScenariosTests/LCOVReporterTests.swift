import LuaRuntime
import Testing
@testable import Scenarios

/// LCOV text and the coverage lines of the text report.
@Suite struct LCOVReporterTests {
    private var coverage: LuaCoverage {
        LuaCoverage(files: ["/proj/b.lua": [3: 0, 1: 2], "/proj/sub/a.lua": [1: 1, 2: 1, 4: 0, 5: 7], "/elsewhere/c.lua": [:]])
    }

    @Test func recordsInPathOrderWithPathsRelativeToTheBase() {
        #expect(LCOVReporter.render(coverage, base: "/proj") == """
            TN:
            SF:b.lua
            DA:1,2
            DA:3,0
            LF:2
            LH:1
            end_of_record
            TN:
            SF:sub/a.lua
            DA:1,1
            DA:2,1
            DA:4,0
            DA:5,7
            LF:4
            LH:3
            end_of_record

            """)
        #expect(LCOVReporter.render(coverage, base: "/other").contains("SF:/proj/b.lua\n"))
        #expect(LCOVReporter.render(LuaCoverage(), base: "/") == "TN:\n")
    }

    @Test func summaryHasALinePerScriptAndATotal() {
        #expect(LCOVReporter.summary(coverage, base: "/proj") == [
            "coverage  b.lua      1/2 lines  50.0%",
            "coverage  sub/a.lua  3/4 lines  75.0%",
            "coverage  total      4/6 lines  66.7%",
        ])
    }
}
