import JSON

extension ExperienceComponent {
    /// The step content divided as the SDK's `ExperienceComponent.divided()` does: the stacks with
    /// `sticky: top` or `bottom` (searched through stacks and boxes, not inside a sticky stack)
    /// taken out of the body, in order. The body is a spacer when the content itself is sticky.
    public func divided() -> (body: ExperienceComponent, stickyTop: [ExperienceComponent], stickyBottom: [ExperienceComponent]) {
        let (body, top, bottom) = split()
        return (body ?? ExperienceComponent(type: "spacer", id: "", properties: [:], children: [], form: nil), top, bottom)
    }

    private func split() -> (ExperienceComponent?, [ExperienceComponent], [ExperienceComponent]) {
        let sticky = type == "stack" ? properties["sticky"]?.stringValue : nil
        if sticky == "top" { return (nil, [self], []) }
        if sticky == "bottom" { return (nil, [], [self]) }
        guard type == "stack" || type == "box" else { return (self, [], []) }
        var body = self
        body.children = []
        var top: [ExperienceComponent] = [], bottom: [ExperienceComponent] = []
        for item in children {
            let (itemBody, itemTop, itemBottom) = item.split()
            if let itemBody { body.children.append(itemBody) }
            top += itemTop
            bottom += itemBottom
        }
        return (body, top, bottom)
    }
}
