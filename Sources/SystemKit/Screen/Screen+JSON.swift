import JSON

// The JSON forms of a screen: a worker process sends each step's screen to the runner in them.

extension ScreenRect {
    init(_ node: JSONNode) throws(LocatedProblem) {
        self.init(x: try node["x"].number(), y: try node["y"].number(), width: try node["width"].number(),
                  height: try node["height"].number())
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

    public init(json: JSONValue) throws(LocatedProblem) { try self.init(JSONReader(value: json).node) }

    /// Reads a view at its place in a larger document (problems name `layers[0].views[2].kind`).
    init(_ node: JSONNode) throws(LocatedProblem) {
        _ = try node.object()
        var children: [ScreenView] = []
        for child in try node["children"].optionalArray() ?? [] { children.append(try ScreenView(child)) }
        let frame = node["frame"]
        self.init(id: try node["id"].optionalString(), kind: try node["kind"].string(), text: try node["text"].optionalString(),
                  details: try node["details"].optionalStrings() ?? [], error: try node["error"].optionalString(),
                  frame: frame.value == nil ? nil : try ScreenRect(frame), tappable: try node["tappable"].bool(default: false),
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

    public init(json: JSONValue) throws(LocatedProblem) { try self.init(JSONReader(value: json).node) }

    init(_ node: JSONNode) throws(LocatedProblem) {
        _ = try node.object()
        var views: [ScreenView] = []
        for view in try node["views"].array() { views.append(try ScreenView(view)) }
        self.init(owner: try node["owner"].string(), title: try node["title"].string(), geometry: try node["geometry"].optionalString(),
                  views: views, notes: try node["notes"].optionalStrings() ?? [], stackTop: try node["stackTop"].optionalNumber())
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

    public init(json: JSONValue) throws(LocatedProblem) { try self.init(JSONReader(value: json).node) }

    /// Reads a screen at its place in a larger document (a step record's `screen`).
    public init(_ node: JSONNode) throws(LocatedProblem) {
        _ = try node.object()
        var layers: [ScreenLayer] = []
        for layer in try node["layers"].array() { layers.append(try ScreenLayer(layer)) }
        self.init(width: try node["width"].number(), height: try node["height"].number(), sizeSource: try node["sizeSource"].string(),
                  layers: layers, tapped: try node["tapped"].optionalString())
    }
}
