import JSON
import LuaRuntime

extension TraitsModule {
    /// `traits.tooltipLayout{bounds =, safeArea =, targetRectangle =, preferredPosition =,
    /// distanceFromTarget =, pointerSize =, pointerCornerRadius =, preferredWidth =, contentSize =,
    /// borderWidth =, cornerRadius =}` → `{frame =, position =, pointer =, pointerInset =}`: the
    /// SDK's tooltip geometry (``TooltipLayout``), for the built-in tooltip and custom traits.
    static func tooltipLayout(_ args: LuaArguments) throws -> [LuaValue] {
        let table = try args.table(1)
        try Tables.tooltipLayout.check(table, argument: 1, of: args)
        for name in ["bounds", "targetRectangle"] {
            if case .table(let rect) = table[name] { try Tables.rect.check(rect, argument: 1, of: args, at: name) }
        }
        let spec: JSONValue
        do { spec = try args.state.jsonValue(.table(table)) } catch let error as LuaError { throw error } catch {
            throw args.argumentError(1, "\(error)")
        }
        func number(_ value: JSONValue?, _ name: String) throws -> Double? {
            guard let value, value != .null else { return nil }
            guard let n = value.doubleValue, n.isFinite else { throw args.argumentError(1, "field '\(name)' must be a finite number") }
            return n
        }
        func rect(_ name: String) throws -> TooltipLayout.Rect? {
            guard let value = spec[name], value != .null else { return nil }
            guard case .object = value else { throw args.argumentError(1, "field '\(name)' must be a table {x, y, width, height}") }
            return TooltipLayout.Rect(x: try number(value["x"], "\(name).x") ?? 0, y: try number(value["y"], "\(name).y") ?? 0,
                                      width: try number(value["width"], "\(name).width") ?? 0,
                                      height: try number(value["height"], "\(name).height") ?? 0)
        }
        func size(_ name: String) throws -> TooltipLayout.Size? {
            guard let value = spec[name], value != .null else { return nil }
            guard case .object = value else { throw args.argumentError(1, "field '\(name)' must be a table {width, height}") }
            return TooltipLayout.Size(width: try number(value["width"], "\(name).width") ?? 0,
                                      height: try number(value["height"], "\(name).height") ?? 0)
        }
        guard let bounds = try rect("bounds") else { throw args.argumentError(1, "field 'bounds' must be a table {x, y, width, height}") }
        var layout = TooltipLayout(bounds: bounds)
        if let safe = spec["safeArea"], safe != .null {
            layout.safeArea = TooltipLayout.Insets(top: try number(safe["top"], "safeArea.top") ?? 0, left: try number(safe["left"], "safeArea.left") ?? 0,
                                                   bottom: try number(safe["bottom"], "safeArea.bottom") ?? 0,
                                                   right: try number(safe["right"], "safeArea.right") ?? 0)
        }
        layout.targetRectangle = try rect("targetRectangle")
        if let position = spec["preferredPosition"]?.stringValue { layout.preferredPosition = TooltipLayout.Position(rawValue: position) }
        layout.distanceFromTarget = try number(spec["distanceFromTarget"], "distanceFromTarget") ?? 0
        layout.pointerSize = try size("pointerSize")
        layout.pointerCornerRadius = try number(spec["pointerCornerRadius"], "pointerCornerRadius") ?? 0
        layout.preferredWidth = try number(spec["preferredWidth"], "preferredWidth")
        if let content = try size("contentSize") {
            layout.contentWidth = content.width
            layout.contentHeight = content.height
        }
        layout.borderWidth = try number(spec["borderWidth"], "borderWidth") ?? 0
        layout.cornerRadius = try number(spec["cornerRadius"], "cornerRadius") ?? 0
        return [try args.state.luaValue(layout.place().json)]
    }
}

extension TooltipLayout.Placement {
    /// As Lua and the view tree see it.
    var json: JSONValue {
        var object: JSONObject = ["frame": frame.json,
                                  "pointerInset": .object(["top": .double(pointerInset.top), "left": .double(pointerInset.left),
                                                           "bottom": .double(pointerInset.bottom), "right": .double(pointerInset.right)])]
        if let position { object["position"] = .string(position.rawValue) }
        if let pointer {
            object["pointer"] = .object(["edge": .string(pointer.edge.rawValue), "width": .double(pointer.width),
                                         "height": .double(pointer.height), "cornerRadius": .double(pointer.cornerRadius),
                                         "offset": .double(pointer.offset), "x": .double(pointer.tipX), "y": .double(pointer.tipY)])
        }
        return .object(object)
    }
}

extension TooltipLayout.Rect {
    var json: JSONValue { .object(["x": .double(x), "y": .double(y), "width": .double(width), "height": .double(height)]) }
}
