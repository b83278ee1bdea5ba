import Engine
import JSON

extension TraitsSystem {
    /// The shown experiences' views (every render context's, the one in focus first), for the headless UI: steps and expectations that address a view
    /// by id (`tap`, `type`, `select`, `ui`) reach them as they reach the app's views. By id only (a
    /// kind is not an address); form fields take text (`textInput`) or options (`optionSelect`).
    func viewSource() -> ViewSource {
        ViewSource(
            views: { [weak self] in
                guard let presentations = self?.renderer.visiblePresentations else { return [] }
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
            },
            cover: { [weak self] point in self?.cover(at: point) })
    }

    /// What a modal experience puts over the app at a point, as UIKit's hit test finds it in the
    /// SDK's views (`ExperienceWrapperView`: the wrapper, the backdrop view and the shadow view
    /// ignore hits on themselves; `AppcuesTargetInteractionTrait.TargetView`):
    /// - the tooltip's frame (content whose frame the traits computed) takes the tap;
    /// - a `@appcues/target-interaction` target whose rectangle holds the point handles it (its
    ///   `tap` actions); with `enablePassThrough` the app view gets the tap as well, without it
    ///   nothing;
    /// - a backdrop with a colour (`@appcues/backdrop`'s background view) takes it (a backdrop
    ///   `onTap`, `@appcues/skippable`'s, runs);
    /// - elsewhere the tap reaches the app (nil). An embedded experience covers nothing: it is
    ///   inside the app's own view. The rectangle of a target stands for its keyhole shape.
    func cover(at point: (x: Double, y: Double)?) -> ViewSource.Cover? {
        for presentation in renderer.visiblePresentations where presentation.context == "modal" {
            let wrapper = presentation.package.wrapper
            let name = "experience \(presentation.experience.id)"
            func contains(_ rect: JSONValue?) -> Bool {
                guard let point, let x = rect?["x"]?.doubleValue, let y = rect?["y"]?.doubleValue,
                      let width = rect?["width"]?.doubleValue, let height = rect?["height"]?.doubleValue else { return false }
                return point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
            }
            if contains(wrapper["frame"]) { return .blocked(by: name + " content") }
            var backdrops = wrapper.all(kind: "backdrop")
            if let backdrop = presentation.package.backdrop, !backdrops.contains(where: { $0 === backdrop }) { backdrops.append(backdrop) }
            for target in backdrops.flatMap({ $0.all(kind: "target") }) where contains(target["rect"]) {
                let passThrough = target["passThrough"]?.boolValue ?? false
                return .handled(by: name + " target", passThrough: passThrough, handler: { try target.onTap?() })
            }
            for backdrop in backdrops where !backdrop.all(kind: "backdrop-background").isEmpty {
                if let onTap = backdrop.onTap { return .handled(by: name + " backdrop", passThrough: false, handler: onTap) }
                return .blocked(by: name + " backdrop")
            }
        }
        return nil
    }
}
