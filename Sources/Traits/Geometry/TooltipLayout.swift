import Foundation

/// Where a tooltip goes on the headless screen, as the SDK's `TooltipWrapperView` lays it out:
/// the side of the target it takes (preferred side only when it fits, else the roomier of
/// top/bottom, then of left/right), its frame inside the layout margins (the safe area plus
/// 8 points), the pointer on the edge facing the target, and without a target a sheet at the
/// bottom. Pure geometry: ``place()`` computes, the built-in `@appcues/tooltip` calls it through
/// `traits.tooltipLayout{...}`.
public struct TooltipLayout: Sendable, Equatable {
    /// A rectangle in screen points.
    public struct Rect: Sendable, Equatable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
        public var minX: Double { x }
        public var minY: Double { y }
        public var maxX: Double { x + width }
        public var maxY: Double { y + height }
        public var midX: Double { x + width / 2 }
        public var midY: Double { y + height / 2 }
        /// The rectangle shrunk by `insets` on each side.
        func inset(by insets: Insets) -> Rect {
            Rect(x: x + insets.left, y: y + insets.top, width: width - insets.left - insets.right,
                 height: height - insets.top - insets.bottom)
        }
    }

    /// A width and a height.
    public struct Size: Sendable, Equatable {
        public var width, height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// Edge insets (the safe area, margins).
    public struct Insets: Sendable, Equatable {
        public var top, left, bottom, right: Double
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
        public static let zero = Insets()
    }

    /// The side of the target the tooltip is on.
    public enum Position: String, Sendable, CaseIterable { case top, bottom, left, right }

    /// The pointer drawn on the tooltip's edge facing the target.
    public struct Pointer: Sendable, Equatable {
        /// The tooltip edge it is on (`bottom` for a tooltip above its target).
        public var edge: Position
        /// Its base, narrowed to fit the edge between the box's rounded corners.
        public var width: Double
        /// Its length (`pointerLength`).
        public var height: Double
        public var cornerRadius: Double
        /// How far its centre is from the middle of the edge (the tooltip was moved to stay inside the margins).
        public var offset: Double
        /// The tip: the middle of the target's facing side, `distance` away.
        public var tipX, tipY: Double
    }

    /// Margins UIKit keeps inside the safe area (a view's default `layoutMargins`).
    public static let defaultLayoutMargin: Double = 8
    /// The widest a tooltip is without a `style.width` or measured content.
    public static let defaultMaxWidth: Double = 400
    /// The lowest a tooltip's content is.
    public static let minContentHeight: Double = 46
    /// The content height of a tooltip with no target and no measured content.
    public static let defaultSheetHeight: Double = 300

    // Inputs.
    /// The screen (the wrapper view's bounds).
    public var bounds: Rect
    public var safeArea: Insets = .zero
    public var layoutMargin: Double = TooltipLayout.defaultLayoutMargin
    public var targetRectangle: Rect?
    public var preferredPosition: Position?
    public var distanceFromTarget: Double = 0
    /// `pointerBase` x `pointerLength`; nil: no pointer (`hidePointer`).
    public var pointerSize: Size?
    public var pointerCornerRadius: Double = 0
    /// `style.width`.
    public var preferredWidth: Double?
    /// The content's own size when known (the SDK's `preferredContentSize`).
    public var contentWidth: Double?
    public var contentHeight: Double?
    /// `style.borderWidth` (only with a `borderColor`, as the SDK applies it).
    public var borderWidth: Double = 0
    /// `style.cornerRadius`.
    public var cornerRadius: Double = 0

    public init(bounds: Rect) { self.bounds = bounds }

    /// What ``place()`` computes.
    public struct Placement: Sendable, Equatable {
        /// The tooltip's frame, pointer included.
        public var frame: Rect
        /// The side taken; nil without a target (a sheet at the bottom of the safe area).
        public var position: Position?
        /// Nil without a target or with `hidePointer`.
        public var pointer: Pointer?
        /// Space the pointer takes inside the frame, on its edge (the container's extra safe area).
        public var pointerInset: Insets
    }

    /// The layout margins: the safe area plus ``layoutMargin`` on each side.
    var margins: Insets {
        Insets(top: safeArea.top + layoutMargin, left: safeArea.left + layoutMargin,
               bottom: safeArea.bottom + layoutMargin, right: safeArea.right + layoutMargin)
    }

    /// Extra height (and width) the border takes inside the frame.
    var borderSpace: Double { 2 * borderWidth }

    /// Places the tooltip.
    public func place() -> Placement {
        guard let target = targetRectangle else { return sheet() }
        let (frame, position, offset) = frame(for: target)
        return Placement(frame: frame, position: position, pointer: pointer(frame: frame, position: position, offset: offset, target: target),
                         pointerInset: inset(for: position))
    }

    /// Without a target: the width inside the margins, the content's height (300 when unknown)
    /// plus the border, capped to the safe area, at the bottom of the safe area.
    func sheet() -> Placement {
        let safe = bounds.inset(by: safeArea)
        let width = bounds.width - margins.left - margins.right
        let height = min(max(contentHeight ?? Self.defaultSheetHeight, 1) + borderSpace, safe.height)
        let frame = Rect(x: (bounds.width - width) / 2, y: safe.maxY - height, width: width, height: height)
        return Placement(frame: frame, position: nil, pointer: nil, pointerInset: .zero)
    }

    func inset(for position: Position) -> Insets {
        let length = pointerSize?.height ?? 0
        switch position {
        case .top: return Insets(bottom: length)
        case .bottom: return Insets(top: length)
        case .left: return Insets(right: length)
        case .right: return Insets(left: length)
        }
    }
}
