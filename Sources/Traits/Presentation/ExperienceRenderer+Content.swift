import JSON

/// A step's content as headless views: one view per component, kind its type, id its
/// component id; buttons and views with `tap`/`longPress` actions run them; form fields show
/// their state (`value`, `selected`, `error`).
extension ExperienceRenderer {
    func renderContent(_ child: Experience.Child, into stepView: TraitView) {
        guard let content = child.content, let data = composingData else { return }
        let (body, top, bottom) = content.divided()
        guard !top.isEmpty || !bottom.isEmpty else { return stepView.add(view(for: content, child: child, data: data)) }
        // As the SDK's step view: the sticky stacks stay fixed at the top and bottom while the
        // rest of the content scrolls between them (several are stacked vertically).
        if !top.isEmpty { stepView.add(stickyView("sticky-top", top, child: child, data: data)) }
        let scroll = TraitView(kind: "scroll")
        scroll.add(body.id.isEmpty ? TraitView(kind: "spacer") : view(for: body, child: child, data: data))   // the content was all sticky
        stepView.add(scroll)
        if !bottom.isEmpty { stepView.add(stickyView("sticky-bottom", bottom, child: child, data: data)) }
    }

    /// The fixed view holding sticky stacks: one as it is, several in a vertical stack (the SDK's `reduced()`).
    private func stickyView(_ kind: String, _ components: [ExperienceComponent], child: Experience.Child, data: ExperienceData) -> TraitView {
        let sticky = TraitView(kind: kind)
        if components.count == 1 { sticky.add(view(for: components[0], child: child, data: data)); return sticky }
        let stack = TraitView(kind: "stack", properties: ["orientation": "vertical"])
        for component in components { stack.add(view(for: component, child: child, data: data)) }
        sticky.add(stack)
        return sticky
    }

    private func view(for component: ExperienceComponent, child: Experience.Child, data: ExperienceData) -> TraitView {
        let view = TraitView(kind: component.type, id: component.id, properties: component.properties)
        if component.form?.kind == "optionSelect", let form = component.form {
            for option in form.options {
                let optionView = TraitView(kind: "option", properties: ["value": .string(option.value)])
                optionView.add(self.view(for: option.content, child: child, data: data))
                view.add(optionView)
            }
        } else {
            for item in component.children { view.add(self.view(for: item, child: child, data: data)) }
        }
        if component.form != nil { refresh(view, data.state(for: child.id)) }
        if component.type == "customComponent" { renderCustomComponent(component, child: child, into: view) }
        let actions = child.actions[component.id] ?? []
        if actions.contains(where: { $0.trigger == "tap" }) {
            let context = data.model.renderContext
            view.onTap = { [weak self] in self?.interact(child, component, trigger: "tap", context: context) }
        }
        if actions.contains(where: { $0.trigger == "longPress" }) { view["longPressable"] = .bool(true) }
        return view
    }

    /// A form view's state: the value (text input) or selection (options), and the error shown.
    func refresh(_ view: TraitView, _ state: ExperienceData.StepState) {
        guard let id = view.id, let item = state.formItems[id] else { return }
        if item.type == "textInput" {
            view["value"] = .string(item.value.text)
        } else {
            view["selected"] = .array(item.options?.filter { item.isSelected($0) }.map { .string($0) } ?? [])
            for option in view.children where option.kind == "option" {
                option["selected"] = .bool(option["value"]?.stringValue.map(item.isSelected) ?? false)
            }
        }
        if state.shouldShowError(for: id) { view["error"] = .bool(true) } else { view.properties.removeValue(forKey: "error") }
    }

    /// Updates the form views of the shown step (after a submit showed its errors), in focus.
    public func formChanged() { if let context = focusContext { formChanged(in: context) } }

    /// Updates the form views of the shown step of one render context.
    func formChanged(in context: String) {
        guard let presentation = presentation(in: context), let child = presentation.experience.step(at: presentation.stepIndex) else { return }
        let state = presentation.data.state(for: child.id)
        for id in state.formItems.keys { if let view = Self.find(id, in: presentation.package.wrapper) { refresh(view, state) } }
    }

    /// The shown step's form, `{id: {label, value, satisfied, error}}` (`traits.current().form`).
    var formJSON: JSONValue? { current.flatMap(formJSON(of:)) }

    /// One presentation's shown step's form.
    func formJSON(of presentation: Presentation) -> JSONValue? {
        guard let child = presentation.experience.step(at: presentation.stepIndex) else { return nil }
        let state = presentation.data.state(for: child.id)
        var object: JSONObject = [:]
        for (id, item) in state.formItems {
            object[id] = .object(["label": .string(item.label), "value": .string(item.value.text), "satisfied": .bool(item.isSatisfied),
                                  "error": .bool(state.shouldShowError(for: id))])
        }
        return .object(object)
    }

    /// Runs a component's actions for a trigger (`tap`, `longPress`): a `step_interaction`
    /// event then the actions, through the queue.
    func interact(_ child: Experience.Child, _ component: ExperienceComponent, trigger: String, context: String?) {
        let actions = (child.actions[component.id] ?? []).filter { $0.trigger == trigger }
        guard !actions.isEmpty else { return }
        actionRegistry.enqueue(actions, level: "step", interactionType: trigger == "tap" ? "Button Tapped" : "Button Long Pressed",
                               viewDescription: component.textDescription, context: context)
    }

    /// The component with this id of a shown step (the experience in focus first, then the
    /// other render contexts'), with its presentation and step.
    func locateComponent(_ id: String) -> (Presentation, Experience.Child, ExperienceComponent)? {
        let wanted = Experience.formatted(id)
        for presentation in visiblePresentations {
            guard let child = presentation.experience.step(at: presentation.stepIndex), let content = child.content,
                  let component = content.allComponents.first(where: { $0.id == wanted }) else { continue }
            return (presentation, child, component)
        }
        return nil
    }

    /// The shown step's component with this id and the step it belongs to.
    func component(_ id: String) -> (Experience.Child, ExperienceComponent)? {
        locateComponent(id).map { ($0.1, $0.2) }
    }

    /// The view with this id of a shown experience, the one in focus first (ids only, not
    /// kinds; UUIDs in any case).
    func componentView(_ id: String) -> TraitView? {
        for presentation in visiblePresentations {
            if let found = Self.find(id, in: presentation.package.wrapper) { return found }
        }
        return nil
    }

    /// The view with this id in a tree (UUIDs in any case).
    static func find(_ id: String, in root: TraitView) -> TraitView? {
        let wanted = Experience.formatted(id)
        func search(_ view: TraitView) -> TraitView? {
            if view.id.map(Experience.formatted) == wanted { return view }
            for child in view.children { if let found = search(child) { return found } }
            return nil
        }
        return search(root)
    }

    /// Long-presses a component of the shown step (its `longPress` actions), or a view of the
    /// shown experience with a long-press handler, by id or kind (`target`: the target
    /// interaction's "Target Long Pressed").
    public func longPress(_ id: String) throws {
        if let (presentation, child, component) = locateComponent(id) {
            transcript.record("ui.longpress", ["id": .string(id)])
            return interact(child, component, trigger: "longPress", context: presentation.context)
        }
        guard let view = componentView(id) ?? visiblePresentations.lazy.compactMap({ $0.package.wrapper.find(id) }).first, let handler = view.onLongPress else {
            throw TraitsUsageError("no component or long-pressable view '\(id)' in the shown step")
        }
        transcript.record("ui.longpress", ["id": .string(id)])
        try handler()
    }

    /// Types a text into a text input of the shown step (replacing its value, cut at `maxLength`).
    public func type(_ text: String, into id: String) throws {
        guard let (presentation, child, component) = locateComponent(id), let form = component.form else {
            throw TraitsUsageError("no form field '\(id)' in the shown step")
        }
        guard form.kind == "textInput" else { throw TraitsUsageError("'\(id)' is an optionSelect: select an option instead") }
        let value = form.maxLength.map { String(text.prefix($0)) } ?? text
        setFormValue(presentation, child, component, value)
        transcript.record("ui.type", ["id": .string(id), "text": .string(value)])
    }

    /// Selects (a multi select: toggles) an option of an option select of the shown step.
    public func select(_ value: String, in id: String) throws {
        guard let (presentation, child, component) = locateComponent(id), let form = component.form else {
            throw TraitsUsageError("no form field '\(id)' in the shown step")
        }
        guard form.kind == "optionSelect" else { throw TraitsUsageError("'\(id)' is a textInput: type into it instead") }
        guard form.options.contains(where: { $0.value == value }) else {
            throw TraitsUsageError("'\(id)' has no option '\(value)' (options: \(form.options.map(\.value).joined(separator: ", ")))")
        }
        setFormValue(presentation, child, component, value)
        transcript.record("ui.select", ["id": .string(id), "value": .string(value)])
    }

    private func setFormValue(_ presentation: Presentation, _ child: Experience.Child, _ component: ExperienceComponent, _ value: String) {
        let state = presentation.data.state(for: child.id)
        state.formItems[component.id]?.setValue(value)
        if let view = Self.find(component.id, in: presentation.package.wrapper) { refresh(view, state) }
    }
}
