import Foundation
import JSON

/// A qualification response as the SDK decodes it (`QualifyResponse`, snake-case keys):
/// `performed_qualification` (required), `qualification_reason` (`forced`, `event_trigger`,
/// `page_view`, `screen_view`; anything else is none), `experiments` (all or none) and
/// `experiences`, decoded one by one and leniently: an experience that does not decode is kept
/// as a failed one (its `experience_error` message, the coding path from the response) when its
/// skeleton (`FailedExperience`: a UUID `id`, optional string `name` and `type`, integer
/// `publishedAt`) decodes, else skipped.
public struct QualifyResponse {
    public enum Item {
        case decoded(Experience)
        /// The experience's JSON and the SDK's error message.
        case failed(JSONValue, error: String)

        public var id: String {
            switch self {
            case .decoded(let experience): return experience.id
            case .failed(let json, _): return json["id"]?.stringValue ?? ""
            }
        }

        /// The render context it shows in (a failed experience: modal, as the SDK's `FailedExperience`).
        public var renderContext: String {
            if case .decoded(let experience) = self { return experience.renderContext }
            return "modal"
        }
    }

    public var experiences: [Item] = []
    public var performedQualification: Bool
    public var qualificationReason: String?
    public var experiments: [Experiment] = []

    public static let qualificationReasons = ["forced", "event_trigger", "page_view", "screen_view"]

    public static func decode(_ reader: JSONReader) throws(LocatedProblem) -> QualifyResponse {
        let root = try reader.object(reader.root, at: .root)
        let performed = root["performed_qualification"]
        guard case .bool(let flag)? = performed else {
            throw performed == nil ? reader.problem("missing required key (expected a boolean)", at: .root.key("performed_qualification"))
                : reader.problem("expected a boolean, got \(performed?.typeName ?? "")", at: .root.key("performed_qualification"))
        }
        var response = QualifyResponse(performedQualification: flag)
        if let value = root["qualification_reason"]?.stringValue, qualificationReasons.contains(value) { response.qualificationReason = value }
        if case .array(let list)? = root["experiments"] {
            var experiments: [Experiment] = []
            for item in list { guard let experiment = try? Experiment.decode(item) else { experiments = []; break }; experiments.append(experiment) }
            response.experiments = experiments
        }
        guard case .array(let items)? = root["experiences"] else { return response }
        for (index, json) in items.enumerated() {
            let item = JSONReader(value: json, emptyObjectIsArray: true)
            do {
                try Experience.checkStrictly(item)
                response.experiences.append(.decoded(try Experience.decode(item, strict: false)))
            } catch {
                guard failedSkeletonDecodes(json) else { continue }
                let (_, sdk) = Experience.failure(error, root: json)
                response.experiences.append(.failed(json, error: sdk.message(under: JSONPath.root.key("experiences").index(index))))
            }
        }
        return response
    }

    /// Whether the SDK's `FailedExperience` decodes (`try?` on each optional member is not used:
    /// a wrong type fails it).
    static func failedSkeletonDecodes(_ json: JSONValue) -> Bool {
        guard case .object(let object) = json, let id = object["id"]?.stringValue, UUID(uuidString: id) != nil else { return false }
        for key in ["name", "type"] {
            if let value = object[key], value != .null, value.stringValue == nil { return false }
        }
        if let version = object["publishedAt"], version != .null, version.integerValue == nil { return false }
        // `context: Experience.Context?`: an object of optional strings.
        if let context = object["context"], context != .null {
            guard case .object(let members) = context else { return false }
            for key in ["localeId", "localeName", "workflowId", "workflowTaskId"] {
                if let value = members[key], value != .null, value.stringValue == nil { return false }
            }
        }
        return true
    }
}
