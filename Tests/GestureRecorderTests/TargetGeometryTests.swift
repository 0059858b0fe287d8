import Testing
@testable import GestureRecorder

/// Frames and hit areas measured in window coordinates, moved into the
/// space touches are recorded in.
struct TargetGeometryTests {
    /// The right-hand app of a Split View on a 1366 × 1024 iPad in landscape.
    static let splitView = ScreenSpace(windowOriginX: 683, windowOriginY: 0, width: 1366, height: 1024)

    @Test func frameAndHitAreaMoveWithTheWindowLikeTouches() throws {
        let placement = try #require(TargetGeometry.placement(
            frameInWindow: TargetRect(x: 20, y: 700, width: 44, height: 44),
            hitAreaInWindow: TargetRect(x: 10, y: 690, width: 64, height: 64), in: Self.splitView))
        #expect(placement.frame == TargetRect(x: 703, y: 700, width: 44, height: 44))
        #expect(placement.hitArea == TargetRect(x: 693, y: 690, width: 64, height: 64))
        // A touch at the button's centre, through the same space.
        let touch = Self.splitView.point(windowX: 42, windowY: 722)
        #expect(touch.x == 725 && touch.y == 722)
        #expect(TargetGeometry.placement(frameInWindow: TargetRect(x: 20, y: 700, width: 44, height: 44),
                                         hitAreaInWindow: nil, in: .fullScreen(width: 393, height: 852))?.frame
            == TargetRect(x: 20, y: 700, width: 44, height: 44))
    }

    static let unusableFrames: [TargetRect] = [
        TargetRect(x: 0, y: 0, width: 0, height: 0),  // not laid out yet
        TargetRect(x: 0, y: 0, width: 44, height: 0),
        TargetRect(x: .nan, y: 0, width: 44, height: 44),
        TargetRect(x: 0, y: 0, width: .infinity, height: 44),
    ]

    @Test(arguments: unusableFrames)
    func aFrameThatCannotBeATargetsGivesNoPlacement(_ frame: TargetRect) {
        #expect(TargetGeometry.placement(frameInWindow: frame, hitAreaInWindow: nil, in: Self.splitView) == nil)
    }

    @Test func aHitAreaThatCannotBeOneIsLeftOut() throws {
        let placement = try #require(TargetGeometry.placement(
            frameInWindow: TargetRect(x: 0, y: 0, width: 10, height: 10),
            hitAreaInWindow: TargetRect(x: 0, y: 0, width: -5, height: 10), in: Self.splitView))
        #expect(placement.frame == TargetRect(x: 683, y: 0, width: 10, height: 10) && placement.hitArea == nil)
        #expect(throws: RecorderError(.invalidTarget, "cannot declare target \"dot\": its hit area's width is -5.0; expected a finite number of points above 0")) {
            try TargetGeometry.validate(hitArea: TargetRect(x: 0, y: 0, width: -5, height: 10), of: "dot")
        }
    }
}
