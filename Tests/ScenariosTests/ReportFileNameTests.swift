import Testing
@testable import Scenarios

/// Report page and trace names: different paths, different names; short however deep the path;
/// never the index, never hidden, never read as a URL scheme, never out of the folder.
struct ReportFileNameTests {
    /// Pairs of paths whose pages used to share a name (`/` as `__`, `..` as `_`, controls escaped).
    @Test(arguments: [
        ("a/b.json", "a__b.json"),
        ("a/../b.json", "a/_/b.json"),
        ("x\n.json", #"x\n.json"#),
        ("a\\b.json", "a_b.json"),
        ("é.json", "_.json"),
        (String(repeating: "a", count: 80) + "/1.json", String(repeating: "a", count: 80) + "/2.json"),
    ])
    func differentPathsHaveDifferentNames(a: String, b: String) {
        #expect(HTMLReport.pageName(a) != HTMLReport.pageName(b))
        #expect(JSONReporter.traceFileName(a) != JSONReporter.traceFileName(b))
    }

    @Test(arguments: ["index", "index.html", "index.json", ".hidden.json", "javascript:alert(1).json", "../../etc/passwd",
                      "a/b\n.json", "data:text/html,<script>x</script>", " #?%&\"'<>.json", ""])
    func aNameIsSafe(path: String) {
        let name = HTMLReport.pageName(path)
        #expect(name != "index.html")
        #expect(!name.hasPrefix("."))
        #expect(name.hasSuffix(".html"))
        #expect(name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) },
                "\(name)")
    }

    /// Four folders of 60 characters, and a 250-character file name: far past a file system's 255.
    @Test func aDeepPathGivesAShortName() {
        let folder = String(repeating: "f", count: 60)
        let path = [folder, folder, folder, folder, String(repeating: "s", count: 250) + ".json"].joined(separator: "/")
        let name = HTMLReport.pageName(path)
        #expect(name.utf8.count <= ReportFileName.prefixLength + 1 + ReportFileName.digestLength + ".html".count)
        #expect(name.hasPrefix(String(repeating: "f", count: 60)))
        #expect(JSONReporter.traceFileName(path).utf8.count < 100)
    }

    @Test func theNameIsReadableAndStable() {
        #expect(HTMLReport.pageName("flows/tap.json") == "flows__tap.json-" + SHA256.hex(Array("flows/tap.json".utf8)).prefix(16) + ".html")
        #expect(JSONReporter.traceFileName("flows/tap.json").hasPrefix("flows__tap.json-"))
        #expect(JSONReporter.traceFileName("flows/tap.json").hasSuffix(".jsonl"))
    }
}
