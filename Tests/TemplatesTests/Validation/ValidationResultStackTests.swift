import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTValidationResultStackTest.m`
// (11 cases, same names and outcomes) on `ValidationResultStack`. The SDK's results differ by their
// `object`; ours are values, so each carries its own message to be told apart.
@Suite struct CTValidationResultStackTest {
    static func result(_ object: String) -> ValidationResult { ValidationResult(errorCode: 512, message: object) }

    @Test func test_initWithConfig() {
        let stack = ValidationResultStack()
        #expect(stack.pending.isEmpty)
        #expect(ValidationResultStack.capacity == 50)
    }

    @Test func test_pushValidationResults_withSingleValue() {
        var stack = ValidationResultStack()
        let result = Self.result("testObject")
        stack.push([result])
        #expect(stack.pending.count == 1)
        #expect(stack.pending.contains(result))
    }

    @Test func test_pushValidationResults_withMultipleValues() {
        var stack = ValidationResultStack()
        let (result1, result2) = (Self.result("testObject1"), Self.result("testObject2"))
        stack.push([result1, result2])
        #expect(stack.pending == [result1, result2])
    }

    @Test func test_pushValidationResults_withMaxInputs() {
        var stack = ValidationResultStack()
        let results = (0...50).map { Self.result("testObject\($0)") }
        stack.push(results)
        #expect(!stack.pending.contains(results[0]), "the 51st drops the first")
        #expect(stack.pending == Array(results[1...]))
    }

    @Test func test_pushValidationResults_withNilInput() {
        var stack = ValidationResultStack()
        stack.push(nil as [ValidationResult]?)
        #expect(stack.pending.isEmpty)
    }

    @Test func test_pushValidationResults_withEmptyInput() {
        var stack = ValidationResultStack()
        stack.push([])
        #expect(stack.pending.isEmpty)
    }

    @Test func test_pushValidationResult() {
        var stack = ValidationResultStack()
        let result = Self.result("testObject")
        stack.push(result)
        #expect(stack.pending.contains(result))
    }

    @Test func test_popValidationResult() {
        var stack = ValidationResultStack()
        let (first, second) = (Self.result("testObject"), Self.result("other"))
        stack.push(first)
        stack.push(second)
        let popped = stack.pop()
        #expect(popped == first, "the oldest comes first")
        #expect(!stack.pending.contains(first) && stack.pending == [second])
    }

    @Test func test_pushValidationResult_withNilInput() {
        var stack = ValidationResultStack()
        stack.push(nil as ValidationResult?)
        #expect(stack.pending.isEmpty)
    }

    @Test func test_pushValidationResult_maxCapacity() {
        var stack = ValidationResultStack()
        let firstResult = Self.result("firstObject")
        stack.push(firstResult)
        for i in 0..<50 { stack.push(Self.result("object\(i)")) }
        #expect(stack.pending.count == 50)
        #expect(!stack.pending.contains(firstResult))
    }

    @Test func test_popValidationResult_whenEmpty() {
        var stack = ValidationResultStack()
        #expect(stack.pop() == nil)
    }

    // Not an SDK case: the errors an app's event reports are the ones the stack keeps.
    @Test func anEventsValidationErrorsArePushed() throws {
        let engine = try Engine()
        try engine.add(try TemplatesSystem())
        let system = try #require(engine.system(TemplatesSystem.self))
        system.campaigns.recordUserEvent("Bad.Name", properties: ["ok": 1])
        let reported = engine.transcript.events(prefix: "validation.error").map { $0["code"] }
        #expect(!reported.isEmpty)
        #expect(system.campaigns.validationStack.pending.map { JSONValue.integer(Int64($0.code)) } == reported)
    }
}
