import Testing
@testable import Traits

/// The SDK's `TooltipWrapperViewFrameTests` (Tests/AppcuesKitTests/Experiences), ported case by
/// case with their screens, inputs and expected frames: no safe area, UIKit's 8-point margins.
/// Ported: testNoTargetRectangleDefaultFrame, testNoTargetRectangleTooltipStyling,
/// testNoTargetRectangleFrameHeight, testFrameHeightCappedWhenNoTargetRectangle,
/// testPreferredBottomDefaults, testPreferredBottomStyled, testPreferredTopDefaults,
/// testPreferredTopStyled, testPreferredLeftDefaults, testPreferredLeftStyled,
/// testPreferredRightDefaults, testPreferredRightStyled, testPositionAutomaticallySetToTop,
/// testPositionAutomaticallySetToBottom, testPositionAutomaticallySetToLeft,
/// testPositionAutomaticallySetToRight, testPositionAutomaticallySetToBottomWhenNoFit,
/// testPositionAutomaticallySetToTopWhenNoFit.
@Suite struct TooltipLayoutTests {
    typealias R = TooltipLayout.Rect
    static let iPhone14ProPortrait = R(x: 0, y: 0, width: 393, height: 852)
    static let iPhone14ProLandscape = R(x: 0, y: 0, width: 852, height: 393)
    static let iPadPro12Portrait = R(x: 0, y: 0, width: 1024, height: 1366)
    static let target = R(x: 500, y: 600, width: 38, height: 42)

    func layout(_ bounds: R, target: R? = nil, width: Double? = nil, position: TooltipLayout.Position? = nil,
                pointer: TooltipLayout.Size? = nil, distance: Double = 0, content: TooltipLayout.Size? = nil) -> TooltipLayout.Placement {
        var layout = TooltipLayout(bounds: bounds)
        layout.targetRectangle = target
        layout.preferredWidth = width
        layout.preferredPosition = position
        layout.pointerSize = pointer
        layout.distanceFromTarget = distance
        layout.contentWidth = content?.width
        layout.contentHeight = content?.height
        return layout.place()
    }

    // MARK: no target rectangle

    @Test func testNoTargetRectangleDefaultFrame() {
        #expect(layout(Self.iPhone14ProPortrait).frame == R(x: 8, y: 552, width: 377, height: 300),
                "Inside the layout margins and at the bottom of the screen")
    }

    @Test func testNoTargetRectangleTooltipStyling() {
        let placed = layout(Self.iPhone14ProPortrait, width: 200, position: .top, pointer: .init(width: 10, height: 20), distance: 10)
        #expect(placed.frame == R(x: 8, y: 552, width: 377, height: 300), "Tooltip layout options are ignored when no target rectangle")
        #expect(placed.position == nil && placed.pointer == nil)
    }

    @Test func testNoTargetRectangleFrameHeight() {
        #expect(layout(Self.iPhone14ProPortrait, content: .init(width: 337, height: 416)).frame == R(x: 8, y: 436, width: 377, height: 416),
                "Frame scales with preferred content height")
    }

    @Test func testFrameHeightCappedWhenNoTargetRectangle() {
        #expect(layout(Self.iPhone14ProPortrait, content: .init(width: 337, height: 2000)).frame == R(x: 8, y: 0, width: 377, height: 852),
                "Frame height is capped")
    }

    // MARK: preferred positions (iPad, target 500,600 38x42)

    static let styledPointer = TooltipLayout.Size(width: 12, height: 24)
    static let styledContent = TooltipLayout.Size(width: 220, height: 226)

    @Test(arguments: [
        // position, expected default frame, expected styled frame (width 220, pointer 12x24, distance 15, content 220x226)
        (TooltipLayout.Position.bottom, R(x: 319, y: 642, width: 400, height: 46), R(x: 409, y: 657, width: 220, height: 250)),
        (.top, R(x: 319, y: 554, width: 400, height: 46), R(x: 409, y: 335, width: 220, height: 250)),
        (.left, R(x: 100, y: 598, width: 400, height: 46), R(x: 241, y: 508, width: 244, height: 226)),
        (.right, R(x: 538, y: 598, width: 400, height: 46), R(x: 553, y: 508, width: 244, height: 226)),
    ])
    func testPreferredDefaultsAndStyled(position: TooltipLayout.Position, defaults: R, styled: R) {
        // testPreferred{Bottom,Top,Left,Right}Defaults: the unspecified max width, the minimum height, centred across.
        let plain = layout(Self.iPadPro12Portrait, target: Self.target, position: position)
        #expect(plain.frame == defaults)
        #expect(plain.position == position)
        // testPreferred{Bottom,Top,Left,Right}Styled: the preferred width, the pointer length added along the axis, the distance.
        let placed = layout(Self.iPadPro12Portrait, target: Self.target, width: 220, position: position, pointer: Self.styledPointer,
                            distance: 15, content: Self.styledContent)
        #expect(placed.frame == styled)
        #expect(placed.position == position)
    }

    // MARK: adjusted positioning (preferred width 220, no preferred position)

    @Test(arguments: [
        (iPhone14ProPortrait, R(x: 100, y: 600, width: 192, height: 64), TooltipLayout.Position.top, R(x: 86, y: 554, width: 220, height: 46)),
        (iPhone14ProPortrait, R(x: 100, y: 200, width: 192, height: 64), .bottom, R(x: 86, y: 264, width: 220, height: 46)),
        (iPhone14ProLandscape, R(x: 600, y: 24, width: 192, height: 344), .left, R(x: 380, y: 173, width: 220, height: 46)),
        (iPhone14ProLandscape, R(x: 100, y: 24, width: 192, height: 344), .right, R(x: 292, y: 173, width: 220, height: 46)),
        // testPositionAutomaticallySetTo{Bottom,Top}WhenNoFit: overlapping the target, inside the safe area
        (iPhone14ProPortrait, R(x: 0, y: 0, width: 392, height: 842), .bottom, R(x: 86, y: 798, width: 220, height: 46)),
        (iPhone14ProPortrait, R(x: 0, y: 10, width: 392, height: 842), .top, R(x: 86, y: 8, width: 220, height: 46)),
    ])
    func testPositionAutomaticallySet(screen: R, target: R, position: TooltipLayout.Position, frame: R) {
        let placed = layout(screen, target: target, width: 220)
        #expect(placed.position == position)
        #expect(placed.frame == frame)
    }

    // MARK: beyond the SDK's cases

    /// The preferred side is taken only when it fits: a tooltip preferred on top of a target at the top flips below.
    @Test func preferredSideThatDoesNotFitFlips() {
        let placed = layout(Self.iPhone14ProPortrait, target: R(x: 100, y: 20, width: 100, height: 40), width: 200, position: .top,
                            pointer: .init(width: 16, height: 8))
        #expect(placed.position == .bottom)
        #expect(placed.frame == R(x: 50, y: 60, width: 200, height: 54))
        #expect(placed.pointerInset == TooltipLayout.Insets(top: 8))
    }

    /// The safe area adds to the margins: a tooltip below a target keeps clear of the home indicator.
    @Test func safeAreaKeepsTheTooltipInside() {
        var layout = TooltipLayout(bounds: Self.iPhone14ProPortrait)
        layout.safeArea = .init(top: 59, left: 0, bottom: 34, right: 0)
        layout.targetRectangle = R(x: 10, y: 60, width: 40, height: 40)
        layout.preferredWidth = 300
        let placed = layout.place()
        #expect(placed.position == .bottom)
        #expect(placed.frame == R(x: 8, y: 100, width: 300, height: 46), "clamped to the leading margin")
        layout.targetRectangle = nil
        #expect(layout.place().frame == R(x: 8, y: 852 - 34 - 300, width: 377, height: 300), "the sheet ends at the safe area")
    }

    /// The pointer points at the target's middle when the frame is clamped to the margins, and its
    /// base narrows to fit between the rounded corners.
    @Test func pointerFollowsTheTargetAndFitsTheEdge() throws {
        var layout = TooltipLayout(bounds: Self.iPhone14ProPortrait)
        layout.targetRectangle = R(x: 0, y: 300, width: 40, height: 40)
        layout.preferredWidth = 200
        layout.pointerSize = .init(width: 16, height: 8)
        layout.distanceFromTarget = 4
        let pointer = try #require(layout.place().pointer)
        #expect(pointer.edge == .top)
        #expect(pointer.tipX == 20 && pointer.tipY == 344)
        #expect(pointer.offset == -88, "the frame moved right of centred by 88 points (clamped to x = 8)")
        layout.cornerRadius = 100
        layout.preferredPosition = .right
        layout.targetRectangle = R(x: 0, y: 300, width: 40, height: 40)
        let narrow = try #require(layout.place().pointer)
        #expect(narrow.edge == .left)
        #expect(narrow.width == 0, "a 46-point side with its corners rounded by 23 leaves no room for a base")
    }

    /// A border (with a colour) adds to the height; a pointer's corner radius is capped by its shape.
    @Test func borderAndPointerCornerRadius() throws {
        var layout = TooltipLayout(bounds: Self.iPadPro12Portrait)
        layout.targetRectangle = Self.target
        layout.preferredPosition = .bottom
        layout.borderWidth = 2
        layout.pointerSize = .init(width: 16, height: 8)
        layout.pointerCornerRadius = 50
        let placed = layout.place()
        #expect(placed.frame.height == 46 + 4 + 8)
        let pointer = try #require(placed.pointer)
        #expect(abs(pointer.cornerRadius - 8) < 1e-9, "50 capped to the 16x8 pointer's largest radius, 8")
        #expect(abs(TooltipLayout.maxPointerCornerRadius(width: 12, height: 24) - 5.1746) < 0.001)
    }
}
