import Testing

/// One case of a ported SDK test file as a table row: the SDK test's name and the steps that
/// replay its calls and checks in order (a failure names the case and the check).
struct SDKCase<Step: Sendable>: Sendable, CustomTestStringConvertible {
    /// The SDK test's name (`testMatchOnExactly`).
    let sdk: String
    let steps: [Step]

    init(_ sdk: String, _ steps: [Step]) {
        self.sdk = sdk
        self.steps = steps
    }

    var testDescription: String { sdk }
}

/// The checks of one running SDK case, counted: a failure names the case, the check's number and
/// what it checks, with both values.
final class SDKChecks {
    private let sdk: String
    private var count = 0

    init(_ sdk: String) { self.sdk = sdk }

    func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        count += 1
        #expect(actual == expected, "\(sdk), check \(count): \(what)", sourceLocation: sourceLocation)
    }
}
