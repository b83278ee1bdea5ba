import JSON
import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTTriggerEvaluatorTest.m`
// (34 cases, same names and outcomes). `TV(x)` (a `CTTriggerValue`) is the JSON value itself;
// `evaluateDistance:` is the haversine distance compared with the radius in km.
private func tv(_ value: JSONValue) -> JSONValue? { value }

@Suite struct CTTriggerEvaluatorTest {
    @Test func test_evaluate_set_nonNilActual_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.set.rawValue, expected: tv("x"), actual: tv("anything")))
    }

    @Test func test_evaluate_notSet_nilActual_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.notSet.rawValue, expected: tv("x"), actual: nil))
    }

    @Test func test_evaluate_notSet_nonNilActual_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.notSet.rawValue, expected: tv("x"), actual: tv("something"))))
    }

    @Test func test_evaluate_equals_nilActual_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv("hello"), actual: nil)))
    }

    @Test func test_evaluate_lessThan_nilActual_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.lessThan.rawValue, expected: tv(10), actual: nil)))
    }

    @Test func test_evaluate_equals_matchingStrings_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv("shoes"), actual: tv("shoes")))
    }

    @Test func test_evaluate_equals_mismatchedStrings_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv("shoes"), actual: tv("hats"))))
    }

    @Test func test_evaluate_equals_caseInsensitive_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv("Hello"), actual: tv("hello")))
    }

    @Test func test_evaluate_equals_whitespaceIgnored_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv(" Hello "), actual: tv("hello")))
    }

    @Test func test_evaluate_equals_matchingNumbers_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv(42), actual: tv(42)))
    }

    @Test func test_evaluate_equals_differentNumbers_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv(42), actual: tv(43))))
    }

    @Test func test_evaluate_equals_stringNumberCoercion_returnsYes() {
    // expected="42" (string), actual=42 (number) → coerced match
    #expect(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv("42"), actual: tv(42)))
    }

    @Test func test_evaluate_equals_numberStringCoercion_returnsYes() {
    // expected=42 (number), actual="42" (string) → coerced match
    #expect(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv(42), actual: tv("42")))
    }

    @Test func test_evaluate_notEquals_different_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.notEquals.rawValue, expected: tv("shoes"), actual: tv("hats")))
    }

    @Test func test_evaluate_notEquals_same_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.notEquals.rawValue, expected: tv("shoes"), actual: tv("shoes"))))
    }

    @Test func test_evaluate_lessThan_actualLower_returnsYes() {
    // expected=10, actual=5 → 5 < 10 → YES
    #expect(TriggerEvaluator.evaluate(TriggerOperator.lessThan.rawValue, expected: tv(10), actual: tv(5)))
    }

    @Test func test_evaluate_lessThan_actualHigher_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.lessThan.rawValue, expected: tv(10), actual: tv(15))))
    }

    @Test func test_evaluate_lessThan_equal_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.lessThan.rawValue, expected: tv(10), actual: tv(10))))
    }

    @Test func test_evaluate_greaterThan_actualHigher_returnsYes() {
    // expected=10, actual=15 → 15 > 10 → YES
    #expect(TriggerEvaluator.evaluate(TriggerOperator.greaterThan.rawValue, expected: tv(10), actual: tv(15)))
    }

    @Test func test_evaluate_greaterThan_actualLower_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.greaterThan.rawValue, expected: tv(10), actual: tv(5))))
    }

    @Test func test_evaluate_between_inRange_returnsYes() {
    // expected=[10,20], actual=15 → YES
    #expect(TriggerEvaluator.evaluate(TriggerOperator.between.rawValue, expected: tv([10, 20]), actual: tv(15)))
    }

    @Test func test_evaluate_between_outOfRange_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.between.rawValue, expected: tv([10, 20]), actual: tv(25))))
    }

    @Test func test_evaluate_between_atLowerBoundary_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.between.rawValue, expected: tv([10, 20]), actual: tv(10)))
    }

    @Test func test_evaluate_between_atUpperBoundary_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.between.rawValue, expected: tv([10, 20]), actual: tv(20)))
    }

    @Test func test_evaluate_contains_substring_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.contains.rawValue, expected: tv("world"), actual: tv("hello world")))
    }

    @Test func test_evaluate_contains_noSubstring_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.contains.rawValue, expected: tv("bar"), actual: tv("foo"))))
    }

    @Test func test_evaluate_contains_caseInsensitive_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.contains.rawValue, expected: tv("WORLD"), actual: tv("hello world")))
    }

    @Test func test_evaluate_notContains_substringPresent_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.notContains.rawValue, expected: tv("world"), actual: tv("hello world"))))
    }

    @Test func test_evaluate_notContains_substringAbsent_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.notContains.rawValue, expected: tv("xyz"), actual: tv("hello world")))
    }

    @Test func test_evaluate_equals_arrayActual_matchesOne_returnsYes() {
    // actual is an array — evaluator iterates each element
    #expect(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv(3), actual: tv([1, 3, 5])))
    }

    @Test func test_evaluate_equals_arrayActual_noMatch_returnsNo() {
    #expect(!(TriggerEvaluator.evaluate(TriggerOperator.equals.rawValue, expected: tv(9), actual: tv([1, 2, 4]))))
    }

    @Test func test_evaluate_contains_arrayActual_matchesOne_returnsYes() {
    #expect(TriggerEvaluator.evaluate(TriggerOperator.contains.rawValue, expected: tv("oo"), actual: tv(["bar", "foo", "baz"])))
    }

    @Test func test_evaluateDistance_withinRadius_returnsYes() {
    // Two points ~0 km apart
    let coord = (12.9716, 77.5946)
    #expect(TriggerEvaluator.distance(lat1: coord.0, lng1: coord.1, lat2: coord.0, lng2: coord.1) <= 1000)
    }

    @Test func test_evaluateDistance_outsideRadius_returnsNo() {
    let bangalore = (12.9716, 77.5946)
    let mumbai = (19.0760, 72.8777)
    // ~840 km apart — radius 100 m should fail
    #expect(!(TriggerEvaluator.distance(lat1: bangalore.0, lng1: bangalore.1, lat2: mumbai.0, lng2: mumbai.1) <= 100))
    }
}
