import JSON
import Testing
@testable import Templates

/// `Campaigns.flatten` (`CTDataFlattener`) returns a flat object without nulls as it is: the same
/// keys, values and order as the walk that rebuilds it, which still handles nesting and nulls.
@Suite struct CampaignsEventsTests {
    /// The walk, member by member (the implementation before the shortcut).
    func reference(_ properties: JSONObject, prefix: String = "") -> JSONObject {
        var result = JSONObject()
        for (k, v) in properties {
            let key = prefix.isEmpty ? k : prefix + "." + k
            switch v {
            case .null: continue
            case .object(let nested): for (nk, nv) in reference(nested, prefix: key) { result[nk] = nv }
            default: result[key] = v
            }
        }
        return result
    }

    @Test func flatObjectsComeBackAsTheyAreNestedOnesAreWalked() throws {
        let samples: [JSONObject] = [
            [:], ["wzrk_id": "a"], ["z": 1, "a": 2.5, "m": true, "list": [1, ["x": 1]], "s": ""],
            ["a": .null], ["a": 1, "b": .null, "c": 3], ["a": ["b": 1, "c": .null]], ["a.b": 1, "a": ["b": 2]],
            ["a": ["b": 2], "a.b": 1], ["x": [:], "y": 1], ["deep": ["er": ["est": "v"]], "k": [.null]],
        ]
        for sample in samples {
            let flat = Campaigns.flatten(sample)
            let expected = reference(sample)
            #expect(flat == expected, "\(sample)")
            #expect(Array(flat.keys) == Array(expected.keys), "\(sample)")
        }
        #expect(Array(Campaigns.flatten(["a": ["b": 2], "a.b": 1]).keys) == ["a.b"])
        #expect(Campaigns.flatten(["x": [:], "y": 1]) == ["y": 1], "an empty nested object leaves nothing")
        #expect(Campaigns.flatten(["k": [.null]]) == ["k": [.null]], "a null inside an array stays")
    }
}
