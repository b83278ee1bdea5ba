import JSON

/// An experience as the Appcues SDK decodes it: its traits, and steps that are groups of child
/// steps or single steps (``Experience/Step``). Decode one with ``Experience/decode(_:)``.
public struct Experience: Sendable, Equatable {
    /// A trait in an experience: its `type` and `config` (other keys are ignored).
    public struct Trait: Sendable, Equatable {
        public var type: String
        public var config: JSONValue?
        public init(type: String, config: JSONValue? = nil) {
            self.type = type
            self.config = config
        }
    }

    /// A step that shows: a child of a group, or a single top-level step.
    public struct Child: Sendable, Equatable {
        public var id: String
        public var type: String
        public var traits: [Trait]
        /// The step's actions by component (or group) id, lower-cased when a UUID.
        public var actions: [String: [Action]]
        /// The step's content (nil when the JSON has none).
        public var content: ExperienceComponent?
        public init(id: String, type: String = "modal", traits: [Trait] = [], actions: [String: [Action]] = [:],
                    content: ExperienceComponent? = nil) {
            self.id = id
            self.type = type
            self.traits = traits
            self.actions = actions
            self.content = content
        }
    }

    /// A group of child steps with traits of its own.
    public struct Group: Sendable, Equatable {
        public var id: String
        public var type: String
        public var children: [Child]
        public var traits: [Trait]
        /// The group's actions by id: those under the group's own id with `on: navigate` run before it is presented.
        public var actions: [String: [Action]]
        public init(id: String, type: String = "group", children: [Child], traits: [Trait] = [], actions: [String: [Action]] = [:]) {
            self.id = id
            self.type = type
            self.children = children
            self.traits = traits
            self.actions = actions
        }
    }

    /// A top-level step: a group, or a single step.
    public enum Step: Sendable, Equatable {
        case group(Group)
        case child(Child)

        /// The steps shown in one container: a group's children, or the single step.
        public var items: [Child] {
            switch self {
            case .group(let group): return group.children
            case .child(let child): return [child]
            }
        }

        public var id: String {
            switch self {
            case .group(let group): return group.id
            case .child(let child): return child.id
            }
        }

        public var traits: [Trait] {
            switch self {
            case .group(let group): return group.traits
            case .child(let child): return child.traits
            }
        }
    }

    /// An action of a step's `actions` map: `on` (`tap`, `longPress`, `navigate`), `type` and `config`.
    public struct Action: Sendable, Equatable {
        public var trigger: String
        public var type: String
        public var config: JSONValue?
        public init(trigger: String, type: String, config: JSONValue? = nil) {
            self.trigger = trigger
            self.type = type
            self.config = config
        }
    }

    /// Where the experience came from (`context`): locale and workflow, carried into analytics.
    public struct Context: Sendable, Equatable {
        public var localeId: String?
        public var localeName: String?
        public var workflowId: String?
        public var workflowTaskId: String?
        public init(localeId: String? = nil, localeName: String? = nil, workflowId: String? = nil, workflowTaskId: String? = nil) {
            self.localeId = localeId
            self.localeName = localeName
            self.workflowId = workflowId
            self.workflowTaskId = workflowTaskId
        }
    }

    /// Which step: the top-level step (`group`) and the item inside it, both 0-based.
    public struct StepIndex: Sendable, Equatable, Comparable, CustomStringConvertible {
        public var group: Int
        public var item: Int
        public init(group: Int, item: Int) {
            self.group = group
            self.item = item
        }
        public static let initial = StepIndex(group: 0, item: 0)
        public var description: String { "\(group)-\(item)" }
        /// As the SDK prints it in analytics (`stepIndex`): `group,item`.
        public var analyticsDescription: String { "\(group),\(item)" }
        public static func < (lhs: StepIndex, rhs: StepIndex) -> Bool {
            lhs.group < rhs.group || (lhs.group == rhs.group && lhs.item < rhs.item)
        }
    }

    public var id: String
    public var name: String
    public var type: String
    public var traits: [Trait]
    public var steps: [Step]
    /// The version (`publishedAt`), when given.
    public var publishedAt: Int64?
    public var context: Context?
    /// Opened (`@appcues/link`) after the experience completes (`redirectUrl`).
    public var redirectURL: String?
    /// Launched after the experience completes (`nextContentId`).
    public var nextContentID: String?
    /// `embed` with the frame id when an `@appcues/embedded` trait names a frame, else `modal`.
    public var renderContext: String = "modal"

    public init(id: String, name: String = "", type: String = "mobile", traits: [Trait] = [], steps: [Step]) {
        self.id = id
        self.name = name
        self.type = type
        self.traits = traits
        self.steps = steps
    }
}
