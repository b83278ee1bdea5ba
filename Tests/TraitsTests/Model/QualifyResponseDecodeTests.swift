import JSON
import Testing
@testable import Traits

/// The SDK's `QualifyResponseDecodeTests.testLossyExperienceDecode`, its response as the SDK's
/// test has it (less one trailing comma its parser tolerates): each experience decodes on its
/// own; one that does not is kept as a failed experience (its `experience_error` message with
/// the coding path from the response) when its id is a UUID, else skipped.
@Suite struct QualifyResponseDecodeTests {
    static let response = #"""
    {"checklists": [], "contents": [], "performed_qualification": true, "profile": {"_ABGroup": 1},
     "qualification_reason": "screen_view", "request_id": "814EF333-6C88-4354-985B-9B5FE930F8DB",
     "experiences": [
        {"id": "7bba162e-9846-449c-98c7-6891adc882ea", "name": "missing type on content block", "type": "mobile", "traits": [], "steps": [{"id": "19bc7372-ce17-437e-83b6-45ec9999c8cf", "type": "group", "actions": {}, "traits": [], "children": [{"id": "d4d44dc3-160b-42df-b0f8-ac3bc178e12a", "type": "modal", "content": {"id": "e61d6b61-ef92-46c4-9450-9c043cc80e39"}, "traits": [], "actions": {}}]}]},
        {"id": "05e78601-d7d8-449f-a074-fe3ae1144366", "name": "valid 1", "type": "mobile", "traits": [], "steps": [{"id": "f7edb07c-5f96-4440-9b70-3bdd0b7675b0", "type": "group", "actions": {}, "traits": [], "children": [{"id": "68bb5cc4-99b4-4f5c-a787-930ba921fc05", "type": "modal", "content": {"type": "spacer", "id": "1f9d1c11-525f-4f1c-afc1-d91b97c6a7d4"}, "traits": [], "actions": {}}]}]},
        {"unknown": true},
        {"id": "c77a4ba2-2259-47b6-b380-76dac48f1c25", "name": "valid 2", "type": "mobile", "traits": [], "steps": [{"id": "fdfbc590-a00f-4319-aeb5-af23460b0f71", "type": "group", "actions": {}, "traits": [], "children": [{"id": "e793d69b-c89f-40a1-80b0-9146adb4ada8", "type": "modal", "content": {"type": "spacer", "id": "e2306fdd-0f95-4dc5-b5b1-75582cf79a84"}, "traits": [], "actions": {}}]}]},
        {"unknown": true},
        {"id": "6f0db437-1d1e-4d74-af4d-9cb1257b5d46", "name": "missing step traits", "type": "mobile", "traits": [], "steps": [{"id": "7dce0c8c-590e-43bc-9856-4baa77566ac1", "type": "group", "actions": {}, "traits": [], "children": [{"id": "4e3d103b-0bbb-4449-8766-d0006a1d22e1", "type": null, "content": {"type": "spacer", "id": "856fd2f6-cb18-4ade-b834-4b0fcef27915"}, "actions": {}}]}]},
        {"id": "092faf58-f52d-457d-88c5-172d128d2c25", "name": "valid 3", "type": "mobile", "traits": [], "steps": [{"id": "56629029-9478-4db3-90fa-d8bcdf247ed4", "type": "group", "actions": {}, "traits": [], "children": [{"id": "047ca98a-0511-4030-b028-765f4344e5d1", "type": "modal", "content": {"type": "spacer", "id": "70a54b3c-7a4d-449a-8d0c-91a0203eafba"}, "traits": [], "actions": {}}]}]},
        {"id": "c9c11671-f418-451e-9b4a-33d54ed5299f", "name": "step type wrong type", "type": "mobile", "traits": [], "steps": [{"id": "4e82600a-fe5e-4072-8dd8-3833d8780b7e", "type": 12, "actions": {}, "traits": [], "children": [{"id": "ffe47297-4855-436d-87fa-e521ed211f32", "type": "modal", "content": {"type": "spacer", "id": "05fb351d-088c-4cc0-ae1e-7a13dcf2edf5"}, "traits": [], "actions": {}}]}]}
     ]}
    """#

    @Test func testLossyExperienceDecode() throws {
        let response = try QualifyResponse.decode(JSONReader(file: nil, bytes: Array(Self.response.utf8)))
        // 8 items: 3 valid (1, 3, 6), 2 unknown objects skipped (2, 4), 3 invalid kept as failed (0, 5, 7).
        #expect(response.experiences.count == 6)
        let kinds = response.experiences.map { item -> String in
            if case .decoded = item { return "decoded" } else { return "failed" }
        }
        #expect(kinds == ["failed", "decoded", "decoded", "failed", "decoded", "failed"])
        #expect(response.experiences.map(\.id) == ["7bba162e-9846-449c-98c7-6891adc882ea", "05e78601-d7d8-449f-a074-fe3ae1144366",
                                                    "c77a4ba2-2259-47b6-b380-76dac48f1c25", "6f0db437-1d1e-4d74-af4d-9cb1257b5d46",
                                                    "092faf58-f52d-457d-88c5-172d128d2c25", "c9c11671-f418-451e-9b4a-33d54ed5299f"])
        let errors = response.experiences.compactMap { item -> String? in
            if case .failed(_, let error) = item { return error } else { return nil }
        }
        #expect(errors == [
            "Error parsing Experience JSON data: Expected key 'type' not found at codingPath: experiences.0.steps.0.children.0.content",
            // The SDK's iOS 18 wording (older systems say `Cannot get unkeyed decoding container`).
            "Error parsing Experience JSON data: Cannot get value of type String -- found null value instead codingPath: experiences.5.steps.0.children.0.type",
            "Error parsing Experience JSON data: Expected to decode String but found number instead. codingPath: experiences.7.steps.0.type",
        ])
        #expect(response.performedQualification)
        #expect(response.qualificationReason == "screen_view")
    }

    /// `performed_qualification` is required; an unknown reason is none, as the SDK's `try?`.
    @Test func theResponseItself() throws {
        #expect(throws: LocatedProblem.self) { try QualifyResponse.decode(JSONReader(value: .object(["experiences": []]))) }
        let response = try QualifyResponse.decode(JSONReader(value: .object(["performed_qualification": false, "qualification_reason": "whim"])))
        #expect(response.qualificationReason == nil)
        #expect(response.experiences.isEmpty)
    }

    /// Hostile: 10,000 experiences that all fail (a non-UUID step id) are each reported, once,
    /// under the standard limits, and nothing is shown.
    @Test func tenThousandFailedExperiencesEachReportOnce() throws {
        let h = try TraitsHarness()
        let shown = try h.lua(#"""
            local list = {}
            for i = 1, 10000 do
              list[i] = {id = string.format("00000000-0000-4000-8000-%012d", i), name = "n", type = "mobile", traits = {}, steps = {{id = "x"}}}
            end
            return traits.qualify{performed_qualification = true, experiences = list}
            """#)
        #expect(shown.first?.isNil == true)
        #expect(h.analytics.count == 10_000)
        #expect(Set(h.analytics("experience_error").compactMap { $0["experienceId"]?.stringValue }).count == 10_000)
        #expect(h.system.renderer.current == nil)
    }
}
