import SystemKit
import Foundation
import Testing
@testable import Scenarios

struct JUnitReporterTests {
    /// Reads a JUnit file with junitparser (the consumer many CI tools use) or, when that package
    /// is missing, Python's xml.etree; prints `<reader> <tests> <failures> <errors> <names...>`.
    static let reader = """
        import sys
        path = sys.argv[1]
        try:
            from junitparser import JUnitXml, Failure, Error
            xml = JUnitXml.fromfile(path)
            tests = failures = errors = 0
            names = []
            for suite in xml:
                assert suite.tests == len(list(suite)), "suite tests attribute"
                assert suite.errors == sum(1 for c in suite if any(isinstance(r, Error) for r in c.result)), "suite errors attribute"
                for case in suite:
                    tests += 1
                    names.append(case.name)
                    if any(isinstance(r, Failure) for r in case.result):
                        failures += 1
                        assert case.result[0].message, "failure message"
                    if any(isinstance(r, Error) for r in case.result):
                        errors += 1
            print("junitparser", tests, failures, errors, "|".join(names))
        except ImportError:
            import xml.etree.ElementTree as ET
            root = ET.parse(path).getroot()
            cases = root.findall(".//testcase")
            failures = sum(1 for c in cases if c.find("failure") is not None)
            errors = sum(1 for c in cases if c.find("error") is not None)
            print("etree", len(cases), failures, errors, "|".join(c.get("name") for c in cases))
        """

    private func python(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aRealConsumerReadsTheReport() throws {
        let tricky = #"{"name": "fails <&> \"quoted\" \u0001", "steps": [\#(Fixture.deliverC1), {"expect": {"fakeDisplayed": "c2"}}]}"#
        let root = try Fixture.folder([
            "a.json": RunnerTests.passing, "b.json": RunnerTests.failing, "sub/c.json": tricky, "sub/d_test.lua": "assert(true)",
            "sub/e_test.lua": "error('boom')",
        ])
        defer { Fixture.remove(root) }
        let reports = try Fixture.folder(["read.py": Self.reader])
        defer { Fixture.remove(reports) }
        let junit = reports + "/junit.xml"
        let captured = Fixture.Captured()
        let code = Runner.run(options: RunnerOptions(paths: [root], junitPath: junit), registry: Fixture.registry,
                              output: captured.output)
        #expect(code == Runner.ExitCode.failed)

        let script = reports + "/read.py"
        let (status, output) = try python([script, junit])
        #expect(status == 0, "\(output)")
        let fields = output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 4).map(String.init)
        #expect(fields.count == 5, "\(output)")
        guard fields.count == 5 else { return }
        #expect(fields[0] == "junitparser", "junitparser is missing; the report was read with xml.etree instead")
        #expect(fields[1] == "5")
        #expect(fields[2] == "2")  // unmet expectations: <failure>
        #expect(fields[3] == "1")  // a Lua error: <error>
        #expect(fields[4] == "passes|fails|fails <&> \"quoted\" ?|d|e")
    }

    @Test func escapingAndClassNames() {
        #expect(XMLText.escape("a<b & 'c'\u{7}") == "a&lt;b &amp; &apos;c&apos;?")
        #expect(JUnitReporter.className("flows/banner.json") == "flows.banner")
        #expect(JUnitReporter.className("v1.2/x") == "v1.2.x")
        #expect(JUnitReporter.className("/tmp/s/a.json") == "tmp.s.a")
    }
}
