import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTTriggerValueTest.m`
// (6 cases, same names and outcomes). A `CTTriggerValue` is the JSON value itself in ctlua; its
// `stringValue`/`numberValue`/`arrayValue` are how `TriggerEvaluator` treats the value, which
// each case checks through an operator that needs that kind.
@Suite struct CTTriggerValueTest {
    static func eval(_ op: TriggerOperator, _ expected: JSONValue, _ actual: JSONValue) -> Bool {
        TriggerEvaluator.evaluate(op.rawValue, expected: expected, actual: actual)
    }

    @Test func test_initWithString_setsStringValue() {
        let tv: JSONValue = "hello"
        #expect(tv.stringValue == "hello")
        #expect(TriggerEvaluator.number(tv) == nil)
        #expect(tv.arrayValue == nil)
        #expect(Self.eval(.contains, tv, "oh hello there"), "a string")
        #expect(!Self.eval(.greaterThan, tv, 1), "not a number")
    }

    @Test func test_initWithNumber_setsNumberValue() {
        let tv: JSONValue = 42
        #expect(TriggerEvaluator.number(tv) == 42)
        #expect(tv.stringValue == nil)
        #expect(tv.arrayValue == nil)
        #expect(Self.eval(.greaterThan, tv, 43), "a number")
        #expect(!Self.eval(.between, tv, 42), "not an array")
    }

    @Test func test_initWithArray_setsArrayValue_isArrayYes() {
        let tv: JSONValue = [1, 2, 3]
        #expect(tv.arrayValue == [1, 2, 3])
        #expect(tv.stringValue == nil)
        #expect(TriggerEvaluator.number(tv) == nil)
        #expect(Self.eval(.equals, tv, 2), "any element")
        #expect(Self.eval(.between, tv, 1.5), "bounds from the array")
    }

    @Test func test_initWithUnknownType_noSpecificValueSet() {
        // A dictionary is not string/number/array: no typed operator can use it.
        let tv: JSONValue = ["key": "val"]
        #expect(tv.objectValue != nil)
        #expect(tv.stringValue == nil && TriggerEvaluator.number(tv) == nil && tv.arrayValue == nil)
        #expect(!Self.eval(.equals, tv, "val"))
        #expect(!Self.eval(.contains, tv, "val"))
        #expect(!Self.eval(.greaterThan, tv, 1))
        #expect(!Self.eval(.between, tv, 1))
    }

    @Test func test_isArray_false_forString() {
        #expect(!Self.eval(.between, "text", "text"))
        #expect(!Self.eval(.equals, "1,2", 1), "a string is not split into elements")
    }

    @Test func test_isArray_false_forNumber() {
        #expect(!Self.eval(.between, 3.14, 3.14))
        #expect(Self.eval(.equals, 3.14, 3.14))
    }
}
