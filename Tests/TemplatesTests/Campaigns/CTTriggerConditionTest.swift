import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTTriggerConditionTest.m`
// (4 cases, same names and outcomes). A condition is the `(name, op, value)` that
// `TriggersMatcher.conditions` reads from `{propertyName, operator, propertyValue}`; the
// operator's raw number is a `TriggerOperator`.
@Suite struct CTTriggerConditionTest {
    @Test func test_init_setsAllProperties() {
        let cond = TriggersMatcher().conditions([["propertyName": "category", "operator": 1, "propertyValue": "shoes"]]).first
        #expect(cond?.name == "category")
        #expect(cond?.op == TriggerOperator.equals.rawValue)
        #expect(cond?.value == "shoes")
    }

    @Test func test_init_castsOperatorToEnum_equals() {
        #expect(TriggerOperator(rawValue: 1) == .equals)
        #expect(TriggersMatcher().conditions([["propertyName": "price", "propertyValue": 0]]).first?.op == 1, "missing: Equals")
    }

    @Test func test_init_castsOperatorToEnum_greaterThan() {
        #expect(TriggerOperator(rawValue: 0) == .greaterThan)
        let cond = TriggersMatcher().conditions([["propertyName": "amount", "operator": 0, "propertyValue": 100]]).first
        #expect(cond.map { TriggerEvaluator.evaluate($0.op, expected: $0.value, actual: 101) } == true)
    }

    @Test func test_init_castsOperatorToEnum_notContains() {
        #expect(TriggerOperator(rawValue: 28) == .notContains)
        let cond = TriggersMatcher().conditions([["propertyName": "color", "operator": 28, "propertyValue": "red"]]).first
        #expect(cond.map { TriggerEvaluator.evaluate($0.op, expected: $0.value, actual: "dark red") } == false)
        #expect(cond.map { TriggerEvaluator.evaluate($0.op, expected: $0.value, actual: "blue") } == true)
    }
}
