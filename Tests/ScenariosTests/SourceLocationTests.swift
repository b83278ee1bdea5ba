import Scenarios
import Testing

/// The location a ctlua message starts with, as the GitHub annotations of `check` read it.
struct SourceLocationTests {
    @Test(arguments: [
        ("flows/a.json:3:14: steps[0]: bad", "flows/a.json:3:14", "steps[0]: bad"),
        // Lua's own load errors name a line and no column.
        ("presenters/x.lua:1: syntax error near 'is'", "presenters/x.lua:1:1", "syntax error near 'is'"),
        ("x.lua:12: bad: thing", "x.lua:12:1", "bad: thing"),
        ("x.lua: not enough memory", "x.lua", "not enough memory"),
    ])
    func aMessageStartsWithItsLocation(text: String, location: String, rest: String) throws {
        let found = try #require(SourceLocation.leading(in: text))
        #expect(found.location.description == location)
        #expect(found.rest == rest)
    }

    @Test(arguments: ["no location here", "x.txt:1: not a script", "x.lua:0: line zero", "x.lua:1:no space"])
    func otherTextHasNone(text: String) {
        #expect(SourceLocation.leading(in: text) == nil)
    }
}
