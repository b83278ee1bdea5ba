import Engine
import JSON
import Testing

@Suite struct InterimJSONTests {
    @Test(arguments: [
        #"{"b":1,"a":[1.5,true,null,"x\n\"y\""],"c":{}}"#, "[]", #""é☃😀""#, "-3", "1.0", "1e+20",
    ])
    func roundTrip(text: String) throws {
        let value = try InterimJSON.decode(text)
        #expect(try InterimJSON.decode(InterimJSON.encode(value)) == value)
    }

    @Test func keepsIntegersFloatsAndKeyOrder() throws {
        #expect(try InterimJSON.decode(#"{"z":1,"a":1.0}"#) == .object(["z": .integer(1), "a": .double(1)]))
        #expect(InterimJSON.encode(["z": 1, "a": 1.0]) == #"{"z":1,"a":1.0}"#)
        #expect(InterimJSON.encode(["z": 1, "a": 1.0], sortedKeys: true) == #"{"a":1.0,"z":1}"#)
        #expect(try InterimJSON.decode(#""\u00e9\ud83d\ude00""#) == "é😀")
    }

    @Test(arguments: ["", "{", "[1,]", #"{"a" 1}"#, "tru", "1 2", #""abc"#])
    func malformedIsAnError(text: String) {
        #expect(throws: InterimJSONError.self) { try InterimJSON.decode(text) }
    }
}
