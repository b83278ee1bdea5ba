/// A step to go to, as `@appcues/continue` names it (the SDK's `StepReference`): an index among
/// all the experience's steps (groups flattened), an offset from the current step, or a step id
/// (a group's id stands for its first step).
public enum StepReference: Sendable, Equatable, CustomStringConvertible {
    case index(Int)
    case offset(Int)
    case stepID(String)

    /// Resolves the reference against the experience from `current`; nil when no such step.
    public func resolve(in experience: Experience, from current: Experience.StepIndex) -> Experience.StepIndex? {
        switch self {
        case .index(let index):
            return experience.stepIndex(atFlat: index)
        case .offset(let offset):
            guard let flat = experience.flatIndex(of: current) else { return nil }
            let (target, overflow) = flat.addingReportingOverflow(offset)
            return overflow ? nil : experience.stepIndex(atFlat: target)
        case .stepID(let id):
            return experience.stepIndex(for: id)
        }
    }

    /// As the SDK prints it (`Step at +1 does not exist`): `#2`, `+1`, `-1`, or the id upper-cased.
    public var description: String {
        switch self {
        case .index(let index): return "#\(index)"
        case .offset(let offset): return offset > 0 ? "+\(offset)" : "\(offset)"
        case .stepID(let id): return TraitComposer.displayID(id)
        }
    }
}

extension Experience {
    /// Every step's index, groups flattened, in order (`stepIndices`).
    public var stepIndices: [StepIndex] {
        steps.enumerated().flatMap { group, step in step.items.indices.map { StepIndex(group: group, item: $0) } }
    }

    /// The number of steps, groups flattened.
    public var stepCount: Int { steps.reduce(0) { $0 + $1.items.count } }

    /// The step at a flat position (nil out of range), without building the whole list.
    func stepIndex(atFlat flat: Int) -> StepIndex? {
        guard flat >= 0 else { return nil }
        var remaining = flat
        for (group, step) in steps.enumerated() {
            if remaining < step.items.count { return StepIndex(group: group, item: remaining) }
            remaining -= step.items.count
        }
        return nil
    }

    /// The flat position of a step (nil when it does not exist).
    func flatIndex(of index: StepIndex) -> Int? {
        guard steps.indices.contains(index.group), steps[index.group].items.indices.contains(index.item) else { return nil }
        return steps[..<index.group].reduce(0) { $0 + $1.items.count } + index.item
    }

    /// The step with this id (a group's id: its first step); ids compared as the SDK's UUIDs.
    public func stepIndex(for id: String) -> StepIndex? {
        let wanted = Experience.formatted(id)
        for (group, step) in steps.enumerated() {
            if Experience.formatted(step.id) == wanted { return StepIndex(group: group, item: 0) }
            for (item, child) in step.items.enumerated() where Experience.formatted(child.id) == wanted {
                return StepIndex(group: group, item: item)
            }
        }
        return nil
    }

    /// The step at an index (nil when it does not exist).
    public func step(at index: StepIndex) -> Child? {
        guard steps.indices.contains(index.group), steps[index.group].items.indices.contains(index.item) else { return nil }
        return steps[index.group].items[index.item]
    }
}
