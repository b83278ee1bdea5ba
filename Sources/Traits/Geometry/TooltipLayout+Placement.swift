import Foundation

extension TooltipLayout {
    /// The frame beside `target`, the side taken and the offset of the frame from being centred
    /// on the target (the SDK's `tooltipPosition(for:)`).
    func frame(for target: Rect) -> (Rect, Position, Double) {
        let safe = bounds.inset(by: margins)
        let pointerLength = pointerSize?.height ?? 0
        var size = Size(width: ceil(preferredWidth ?? contentWidth.map { $0 + borderSpace } ?? Self.defaultMaxWidth),
                        height: ceil(max(contentHeight ?? 0, Self.minContentHeight)) + borderSpace)
        size.width = min(size.width, safe.width)
        size.height = min(size.height, safe.height)

        let spaceAbove = clamp(target.minY - distanceFromTarget, safe.minY, safe.maxY) - safe.minY
        let spaceBelow = safe.maxY - clamp(target.maxY + distanceFromTarget, safe.minY, safe.maxY)
        let spaceBefore = clamp(target.minX - distanceFromTarget, safe.minX, safe.maxX) - safe.minX
        let spaceAfter = safe.maxX - clamp(target.maxX + distanceFromTarget, safe.minX, safe.maxX)
        let excess: [Position: Double] = [
            .top: spaceAbove - (size.height + pointerLength), .bottom: spaceBelow - (size.height + pointerLength),
            .left: spaceBefore - (size.width + pointerLength), .right: spaceAfter - (size.width + pointerLength),
        ]
        let position: Position
        if let preferred = preferredPosition, excess[preferred]! > 0 {
            position = preferred
        } else if excess[.top]! > 0 || excess[.bottom]! > 0 {
            position = excess[.top]! > excess[.bottom]! ? .top : .bottom
        } else if excess[.left]! > 0 || excess[.right]! > 0 {
            position = excess[.left]! > excess[.right]! ? .left : .right
        } else {
            // Fits nowhere: the roomier of top and bottom (left/right would squeeze the width).
            position = excess[.top]! > excess[.bottom]! ? .top : .bottom
        }

        var frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let minSize = Self.minContentHeight + borderSpace + pointerLength
        switch position {
        case .top:
            frame.height += pointerLength
            if frame.height <= spaceAbove {
                frame.y = min(target.minY - distanceFromTarget, safe.maxY) - frame.height
            } else {
                frame.height = max(spaceAbove, minSize)
                frame.y = safe.minY
            }
        case .bottom:
            frame.height += pointerLength
            if frame.height <= spaceBelow {
                frame.y = max(target.maxY + distanceFromTarget, safe.minY)
            } else {
                frame.height = max(spaceBelow, minSize)
                frame.y = safe.maxY - frame.height
            }
        case .left:
            frame.width += pointerLength
            if frame.width <= spaceBefore {
                frame.x = min(target.minX - distanceFromTarget, safe.maxX) - frame.width
            } else {
                frame.width = max(spaceBefore, minSize)
                frame.x = safe.minX
            }
        case .right:
            frame.width += pointerLength
            if frame.width <= spaceAfter {
                frame.x = max(target.maxX + distanceFromTarget, safe.minX)
            } else {
                frame.width = max(spaceAfter, minSize)
                frame.x = safe.maxX - frame.width
            }
        }
        // Centred on the target across the axis, kept inside the margins.
        let offset: Double
        switch position {
        case .top, .bottom:
            let preferredX = target.midX - frame.width / 2
            frame.x = clamp(preferredX, safe.minX, safe.maxX - frame.width)
            offset = preferredX - frame.x
        case .left, .right:
            let preferredY = target.midY - frame.height / 2
            frame.y = clamp(preferredY, safe.minY, safe.maxY - frame.height)
            offset = preferredY - frame.y
        }
        return (frame, position, offset)
    }

    /// The pointer of a tooltip placed at `frame` (nil with `hidePointer`): its base narrowed to
    /// the edge between the box's rounded corners, its corner radius to what its shape allows.
    func pointer(frame: Rect, position: Position, offset: Double, target: Rect) -> Pointer? {
        guard let size = pointerSize else { return nil }
        let inset = inset(for: position)
        let boxCornerRadius = max(0, min(cornerRadius, (frame.height - inset.top - inset.bottom) / 2,
                                         (frame.width - inset.left - inset.right) / 2))
        let edge: Position
        let side: Double
        let tip: (x: Double, y: Double)
        switch position {
        case .top: (edge, side, tip) = (.bottom, frame.width, (frame.midX + offset, frame.maxY))
        case .bottom: (edge, side, tip) = (.top, frame.width, (frame.midX + offset, frame.minY))
        case .left: (edge, side, tip) = (.right, frame.height, (frame.maxX, frame.midY + offset))
        case .right: (edge, side, tip) = (.left, frame.height, (frame.minX, frame.midY + offset))
        }
        let width = max(0, min(size.width, side - boxCornerRadius * 2))
        let radius = min(pointerCornerRadius, Self.maxPointerCornerRadius(width: width, height: size.height))
        return Pointer(edge: edge, width: width, height: size.height, cornerRadius: max(0, radius), offset: offset,
                       tipX: tip.x, tipY: tip.y)
    }

    /// The largest corner radius a pointer of this size can have for its rounded tip and base
    /// arcs to meet (the radius solving the SDK's `maxPointerCornerRadius` constraints).
    static func maxPointerCornerRadius(width: Double, height: Double) -> Double {
        guard width > 0, height > 0 else { return 0 }
        let angle = atan2(height, width / 2)
        return height / (1 + 2 * sin(angle - .pi / 2) + 1 / cos(angle))
    }

    func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double { min(max(value, low), high) }
}
