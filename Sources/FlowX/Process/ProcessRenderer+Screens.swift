import Engine
import JSON
import OrderedCollections

extension ProcessRenderer {
    /// Shows a screen: the screen view, the stepper header, fields, custom components (their
    /// `populateUI`) and buttons; then the screen's analytics event.
    func show(_ screen: ScreenDefinition, of instance: ProcessInstance) {
        clearScreen()
        instance.screen = screen
        instance.errors = [:]
        var screenProps: JSONObject = ["kind": "screen", "process": .string(instance.definition.name), "screen": .string(screen.id)]
        if let title = screen.title { screenProps["title"] = .string(title) }
        ui.show(id: "screen", properties: screenProps)
        transcript.record("flowx.screen", ["process": .string(instance.definition.name), "screen": .string(screen.id)])
        if let step = screen.step, step <= instance.definition.stepper.count {
            let stepper = instance.definition.stepper
            let current = stepper[step - 1]
            var model = StepViewModel(stepTitle: current.title, step: step, totalSteps: stepper.count)
            if current.hasSubsteps {
                model.substep = screen.substep ?? 1
                model.totalSubsteps = current.substeps
                let index = (model.substep ?? 1) - 1
                if index < current.substepTitles.count { model.substepTitle = current.substepTitles[index] }
            }
            var header: HeadlessView?
            contained("viewForStepperHeader") { header = try self.dataSource.viewForStepperHeader(stepViewModel: model) }
            if let header {
                ui.show(id: header.id, properties: header.properties)
                shownExtra.append(header.id)
            }
            transcript.record("flowx.stepper", ["step": model.json, "custom": .bool(header != nil)])
        }
        for form in screen.forms {
            for field in form.fields {
                ui.show(id: field.key, properties: fieldProperties(field, form: form, instance: instance), handlers: fieldHandlers(field))
            }
        }
        for definition in screen.components { showComponent(definition, instance: instance) }
        // FXController.titleForScreen(): "used for setting the screen title. It is called by the
        // renderer when the view controller is displayed."
        for definition in screen.components {
            guard let component = components[definition.id] else { continue }
            var title: String?
            contained("\(definition.identifier).titleForScreen") { title = try component.titleForScreen() }
            if let title {
                try? ui.update(id: "screen", properties: ["title": .string(title)])
                break
            }
        }
        for button in screen.buttons {
            var props: JSONObject = ["kind": "button", "action": .string(button.action)]
            if let label = button.label { props["label"] = .string(label) }
            ui.show(id: button.id, properties: props) { [weak self] in
                guard let self else { return }
                try self.tap(button)
            }
        }
        if let analytics = screen.analytics {
            collect(.screen(value: analytics.value, customPayload: analytics.customPayload))
        }
    }

    private func showComponent(_ definition: ComponentDefinition, instance: ProcessInstance) {
        var props: JSONObject = ["kind": "component", "identifier": .string(definition.identifier)]
        var component: (any CustomComponent)?
        contained("component(\(definition.identifier))") { component = try self.dataSource.component(for: definition.identifier) }
        if let component {
            components[definition.id] = component
            contained("\(definition.identifier).populateUI") {
                for (k, v) in try component.populateUI(data: definition.data(with: instance.data), actions: definition.actions) where k != "kind" { props[k] = v }
            }
        } else {
            props["missing"] = true
        }
        ui.show(id: definition.id, properties: props)
    }

    /// A field takes what the user types or selects (the `type` and `select` steps, by its key) as
    /// `fill` does: a number for a `number` field when the text is one, true/false for a `switch` or
    /// `checkbox`, else the text.
    func fieldHandlers(_ field: FieldDefinition) -> HeadlessUI.Handlers {
        let key = field.key, type = field.type
        let input: (String) throws -> Void = { [weak self] text in
            var value = JSONValue.string(text)
            if type == "number", let number = Double(text) {
                value = number.rounded() == number && abs(number) < 1e15 ? .integer(Int64(number)) : .double(number)
            } else if ["switch", "checkbox"].contains(type), text == "true" || text == "false" {
                value = .bool(text == "true")
            }
            try self?.fill([key: value])
        }
        return HeadlessUI.Handlers(onType: input, onSelect: input)
    }

    func fieldProperties(_ field: FieldDefinition, form: FormDefinition, instance: ProcessInstance) -> JSONObject {
        var props: JSONObject = ["kind": "field", "form": .string(form.id), "inputType": .string(field.type)]
        if let label = field.label { props["label"] = .string(label) }
        props["value"] = instance.data[field.key] ?? .null
        props["error"] = instance.errors[field.key] ?? .null
        return props
    }

    /// Hides every view of the screen shown.
    func clearScreen() {
        guard let instance = current else { return }
        ui.hide(id: "screen")
        for id in shownExtra { ui.hide(id: id) }
        shownExtra = []
        let screen = instance.screen
        for form in screen.forms { for field in form.fields { ui.hide(id: field.key) } }
        for component in screen.components { ui.hide(id: component.id) }
        for button in screen.buttons { ui.hide(id: button.id) }
        components = [:]
    }

    /// Fills fields of the screen shown (as a user types): the value lands in the process data
    /// and on the field's view; its error clears.
    public func fill(_ values: JSONObject) throws(RendererError) {
        guard let instance = current, instance.state == .running else { throw .noProcess }
        let fields = instance.screen.forms.flatMap { form in form.fields.map { (form, $0) } }
        for (key, value) in values {
            guard fields.contains(where: { $0.1.key == key }) else { throw .noField(key, screen: instance.screen.id) }
            instance.data[key] = value
            instance.errors[key] = nil
            try? ui.update(id: key, properties: ["value": value, "error": .null])
            transcript.record("flowx.fill", ["field": .string(key), "value": value])
        }
        for definition in instance.screen.components where definition.inputs.contains(where: { values[$0] != nil }) {
            try updateComponent(definition.id, data: definition.data(with: instance.data))
        }
    }

    /// Sets new data on a custom component of the screen shown (its `updateUI`).
    public func updateComponent(_ id: String, data: JSONValue) throws(RendererError) {
        guard let instance = current, let definition = instance.screen.components.first(where: { $0.id == id }) else {
            throw .noField(id, screen: current?.screen.id ?? "-")
        }
        guard let component = components[id], let view = ui.find(id) else { return }
        var props = view.properties
        contained("\(definition.identifier).updateUI") { for (k, v) in try component.updateUI(data: data) where k != "kind" { props[k] = v } }
        ui.show(id: id, properties: props)
    }

    /// Records an analytics event and hands it to the data source's `collect`.
    public func collect(_ event: AnalyticsEvent) {
        transcript.record("analytics", event.json)
        contained("collect") { try self.dataSource.collect(event: event) }
    }
}
