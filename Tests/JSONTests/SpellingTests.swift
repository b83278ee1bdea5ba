import JSON
import Testing

/// The "did you mean" of warnings and unknown keys.
@Suite struct SpellingTests {
    @Test(arguments: [
        ("titel", ["title", "subtitle"], "title"),
        ("showLoadr", ["showLoader", "dismissRequest"], "showLoader"),
        ("Baner", ["Banner", "Footer"], "Banner"),
        ("PRIORTY", ["priority"], "priority"),
        ("cpn", ["email", "min", "max"], nil),
        ("x", ["y"], nil),
        ("title", ["title", "titel"], nil),
        ("decorateStp", ["decorateStep", "decorateContainer"], "decorateStep"),
        ("completelyDifferent", ["title"], nil),
    ] as [(String, [String], String?)])
    func closestNameIsALikelyTypo(name: String, candidates: [String], expected: String?) {
        #expect(Spelling.closest(to: name, among: candidates) == expected)
    }
}
