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
        public var actions: JSONValue?
        public var content: JSONValue?
        public init(id: String, type: String = "modal", traits: [Trait] = [], actions: JSONValue? = nil, content: JSONValue? = nil) {
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
        public var actions: JSONValue?
        public init(id: String, type: String = "group", children: [Child], traits: [Trait] = [], actions: JSONValue? = nil) {
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

    /// Which step: the top-level step (`group`) and the item inside it, both 0-based.
    public struct StepIndex: Sendable, Equatable, CustomStringConvertible {
        public var group: Int
        public var item: Int
        public init(group: Int, item: Int) {
            self.group = group
            self.item = item
        }
        public static let initial = StepIndex(group: 0, item: 0)
        public var description: String { "\(group)-\(item)" }
    }

    public var id: String
    public var name: String
    public var type: String
    public var traits: [Trait]
    public var steps: [Step]

    public init(id: String, name: String = "", type: String = "mobile", traits: [Trait] = [], steps: [Step]) {
        self.id = id
        self.name = name
        self.type = type
        self.traits = traits
        self.steps = steps
    }
}
