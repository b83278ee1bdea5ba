import Testing
@testable import Traits

/// The SDK's `StepRefTests`: resolving index, offset and id references across groups, equality,
/// and the step index order.
@Suite struct StepRefTests {
    typealias SI = Experience.StepIndex

    /// The SDK's mock: a group of three steps, then a group of two.
    static let mock = Experience(id: "e", steps: [
        .group(.init(id: "g1", children: [.init(id: "fb529214-3c78-4d6d-ba93-b55d22497ca1"),
                                          .init(id: "149f335f-15f6-4d8a-9e38-29a4ca435fd2"), .init(id: "s3")])),
        .group(.init(id: "g2", children: [.init(id: "03652bd5-f0cb-44f0-9274-e95b4441d857"), .init(id: "s5")])),
    ])

    @Test func testResolveIndex() {
        #expect(StepReference.index(0).resolve(in: Self.mock, from: SI(group: 0, item: 0)) == SI(group: 0, item: 0))
        #expect(StepReference.index(0).resolve(in: Self.mock, from: SI(group: 0, item: 1)) == SI(group: 0, item: 0))
        #expect(StepReference.index(0).resolve(in: Self.mock, from: SI(group: 1, item: 1)) == SI(group: 0, item: 0))
        #expect(StepReference.index(3).resolve(in: Self.mock, from: SI(group: 0, item: 1)) == SI(group: 1, item: 0))
        #expect(StepReference.index(134).resolve(in: Self.mock, from: SI(group: 0, item: 1)) == nil)
    }

    @Test func testResolveOffset() {
        #expect(StepReference.offset(1).resolve(in: Self.mock, from: SI(group: 0, item: 1)) == SI(group: 0, item: 2))
        #expect(StepReference.offset(-1).resolve(in: Self.mock, from: SI(group: 0, item: 1)) == SI(group: 0, item: 0))
        #expect(StepReference.offset(2).resolve(in: Self.mock, from: SI(group: 0, item: 1)) == SI(group: 1, item: 0))
        #expect(StepReference.offset(0).resolve(in: Self.mock, from: SI(group: 0, item: 1)) == SI(group: 0, item: 1))
        #expect(StepReference.offset(-10).resolve(in: Self.mock, from: SI(group: 0, item: 1)) == nil)
        #expect(StepReference.offset(Int.max).resolve(in: Self.mock, from: SI(group: 0, item: 1)) == nil, "no overflow trap")
    }

    @Test func testResolveID() {
        #expect(StepReference.stepID("fb529214-3c78-4d6d-ba93-b55d22497ca1").resolve(in: Self.mock, from: SI(group: 0, item: 0)) == SI(group: 0, item: 0))
        #expect(StepReference.stepID("FB529214-3C78-4D6D-BA93-B55D22497CA1").resolve(in: Self.mock, from: SI(group: 1, item: 0)) == SI(group: 0, item: 0))
        #expect(StepReference.stepID("149f335f-15f6-4d8a-9e38-29a4ca435fd2").resolve(in: Self.mock, from: SI(group: 0, item: 0)) == SI(group: 0, item: 1))
        #expect(StepReference.stepID("03652bd5-f0cb-44f0-9274-e95b4441d857").resolve(in: Self.mock, from: SI(group: 0, item: 0)) == SI(group: 1, item: 0))
        #expect(StepReference.stepID("49e21be9-cd9c-4ec6-85de-e4f24a676e31").resolve(in: Self.mock, from: SI(group: 0, item: 0)) == nil)
        #expect(StepReference.stepID("g2").resolve(in: Self.mock, from: SI(group: 0, item: 0)) == SI(group: 1, item: 0), "a group's id: its first step")
    }

    @Test func testEquatable() {
        #expect(StepReference.index(1) == .index(1))
        #expect(StepReference.index(0) != .index(1))
        #expect(StepReference.offset(1) == .offset(1))
        #expect(StepReference.offset(0) != .offset(1))
        #expect(StepReference.stepID("a") == .stepID("a"))
        #expect(StepReference.stepID("a") != .stepID("b"))
        #expect(StepReference.index(1) != .offset(1))
    }

    @Test func testStepIndexComparison() {
        #expect(SI(group: 0, item: 0) < SI(group: 0, item: 1))
        #expect(!(SI(group: 0, item: 1) < SI(group: 0, item: 1)))
        #expect(!(SI(group: 0, item: 2) < SI(group: 0, item: 1)))
        #expect(SI(group: 1, item: 0) < SI(group: 2, item: 0))
        #expect(!(SI(group: 1, item: 0) < SI(group: 0, item: 1)))
        #expect(!(SI(group: 2, item: 0) < SI(group: 1, item: 1)))
    }

    /// The description in `Step at … does not exist` and `step_interaction`'s destination.
    @Test func descriptionsAreTheSDKs() {
        #expect(StepReference.index(2).description == "#2")
        #expect(StepReference.offset(1).description == "+1")
        #expect(StepReference.offset(-1).description == "-1")
        #expect(StepReference.stepID("fb529214-3c78-4d6d-ba93-b55d22497ca1").description == "FB529214-3C78-4D6D-BA93-B55D22497CA1")
    }
}
