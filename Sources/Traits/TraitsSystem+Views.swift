import Engine
import JSON

extension TraitsSystem {
    /// The shown experiences' views (every render context's, the one in focus first), for the headless UI: steps and expectations that address a view
    /// by id (`tap`, `type`, `select`, `ui`) reach them as they reach the app's views. By id only (a
    /// kind is not an address); form fields take text (`textInput`) or options (`optionSelect`).
    func viewSource() -> ViewSource {
        ViewSource(
            views: { [weak self] in
                guard let presentations = self?.renderer.presentations else { return [] }
                var found: [(id: String, properties: JSONObject)] = []
                func walk(_ view: TraitView) {
                    if let id = view.id {
                        var properties: JSONObject = ["kind": .string(view.kind)]
                        for (key, value) in view.properties where key != "kind" && key != "id" { properties[key] = value }
                        found.append((id, properties))
                    }
                    view.children.forEach(walk)
                }
                for presentation in presentations { walk(presentation.package.wrapper) }
                return found
            },
            tap: { [weak self] id in
                guard let view = self?.renderer.componentView(id) else { return nil }
                return { try view.onTap?() }
            },
            type: { [weak self] id in
                guard let renderer = self?.renderer, renderer.component(id)?.1.form != nil else { return nil }
                return { [weak renderer] text in try renderer?.type(text, into: id) }
            },
            select: { [weak self] id in
                guard let renderer = self?.renderer, renderer.component(id)?.1.form != nil else { return nil }
                return { [weak renderer] value in try renderer?.select(value, in: id) }
            })
    }
}
