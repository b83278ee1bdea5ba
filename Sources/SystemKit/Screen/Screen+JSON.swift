import JSON

// The JSON forms of a screen: a worker process sends each step's screen to the runner in them.

extension ScreenRect {
    init(json: JSONValue, at path: JSONPath, reader: JSONReader) throws(LocatedProblem) {
        self.init(x: try reader.number(json["x"], at: path.key("x")), y: try reader.number(json["y"], at: path.key("y")),
                  width: try reader.number(json["width"], at: path.key("width")),
                  height: try reader.number(json["height"], at: path.key("height")))
    }
}

extension ScreenView: JSONRepresentable {
    /// `{"id", "kind", "text", "details", "error", "frame", "tappable", "children"}`, absent parts left out.
    public var json: JSONValue {
        var object: JSONObject = ["kind": .string(kind)]
        if let id { object["id"] = .string(id) }
        if let text { object["text"] = .string(text) }
        if !details.isEmpty { object["details"] = .array(details.map(JSONValue.string)) }
        if let error { object["error"] = .string(error) }
        if let frame { object["frame"] = frame.json }
        if tappable { object["tappable"] = true }
        if !children.isEmpty { object["children"] = .array(children.map(\.json)) }
        return .object(object)
    }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        var children: [ScreenView] = []
        for (i, child) in (try reader.optionalArray(object["children"], at: .root.key("children")) ?? []).enumerated() {
            do { children.append(try ScreenView(json: child)) } catch { throw error.under(.root.key("children").index(i)) }
        }
        self.init(id: try reader.optionalString(object["id"], at: .root.key("id")),
                  kind: try reader.string(object["kind"], at: .root.key("kind")),
                  text: try reader.optionalString(object["text"], at: .root.key("text")),
                  details: object["details"] == nil ? [] : try reader.strings(object["details"], at: .root.key("details")),
                  error: try reader.optionalString(object["error"], at: .root.key("error")),
                  frame: try object["frame"].map { v throws(LocatedProblem) in try ScreenRect(json: v, at: .root.key("frame"), reader: reader) },
                  tappable: try reader.bool(object["tappable"], at: .root.key("tappable"), default: false),
                  children: children)
    }
}

extension ScreenLayer: JSONRepresentable {
    public var json: JSONValue {
        var object: JSONObject = ["owner": .string(owner), "title": .string(title), "views": .array(views.map(\.json))]
        if let geometry { object["geometry"] = .string(geometry) }
        if !notes.isEmpty { object["notes"] = .array(notes.map(JSONValue.string)) }
        if let stackTop { object["stackTop"] = .double(stackTop) }
        return .object(object)
    }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        var views: [ScreenView] = []
        for (i, view) in try reader.array(object["views"], at: .root.key("views")).enumerated() {
            do { views.append(try ScreenView(json: view)) } catch { throw error.under(.root.key("views").index(i)) }
        }
        self.init(owner: try reader.string(object["owner"], at: .root.key("owner")),
                  title: try reader.string(object["title"], at: .root.key("title")),
                  geometry: try reader.optionalString(object["geometry"], at: .root.key("geometry")),
                  views: views,
                  notes: object["notes"] == nil ? [] : try reader.strings(object["notes"], at: .root.key("notes")),
                  stackTop: try reader.optionalNumber(object["stackTop"], at: .root.key("stackTop")))
    }
}

extension Screen: JSONRepresentable {
    /// `{"width", "height", "sizeSource", "layers": [...], "tapped"?}`.
    public var json: JSONValue {
        var object: JSONObject = ["width": .double(width), "height": .double(height), "sizeSource": .string(sizeSource),
                                  "layers": .array(layers.map(\.json))]
        if let tapped { object["tapped"] = .string(tapped) }
        return .object(object)
    }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        var layers: [ScreenLayer] = []
        for (i, layer) in try reader.array(object["layers"], at: .root.key("layers")).enumerated() {
            do { layers.append(try ScreenLayer(json: layer)) } catch { throw error.under(.root.key("layers").index(i)) }
        }
        self.init(width: try reader.number(object["width"], at: .root.key("width")),
                  height: try reader.number(object["height"], at: .root.key("height")),
                  sizeSource: try reader.string(object["sizeSource"], at: .root.key("sizeSource")),
                  layers: layers, tapped: try reader.optionalString(object["tapped"], at: .root.key("tapped")))
    }
}
