/// Where a target is, in the space touches are recorded in, from what the
/// UIKit layer measures of its view.
///
/// The layer converts the view's bounds, and its hit area (given in the
/// view's own bounds coordinates, like the points `point(inside:with:)`
/// judges), to window coordinates with `convert(_:to: nil)`, the
/// coordinates `UITouch.location(in: nil)` gives touches in. Then both go
/// through the same ``ScreenSpace`` as the touches, so frames and touches
/// share one space and a distance between them means what it says.
///
///     // A 44 × 44 button at (20, 700) in the right-hand window of a Split View,
///     // accepting touches 10 points beyond its edges:
///     let space = ScreenSpace(windowOriginX: 683, windowOriginY: 0, width: 1366, height: 1024)
///     TargetGeometry.placement(frameInWindow: TargetRect(x: 20, y: 700, width: 44, height: 44),
///                              hitAreaInWindow: TargetRect(x: 10, y: 690, width: 64, height: 64), in: space)
///     // frame x 703, y 700, 44 × 44; hit area x 693, y 690, 64 × 64
public enum TargetGeometry {
    /// The frame and hit area in `space`, or nil when the frame cannot be a
    /// target's (a view with no width or height yet, or a non-finite
    /// number): the target then keeps its last record. A hit area that
    /// cannot be one is left out (touches are then judged by the frame).
    public static func placement(frameInWindow: TargetRect, hitAreaInWindow: TargetRect?,
                                 in space: ScreenSpace) -> (frame: TargetRect, hitArea: TargetRect?)? {
        guard isUsable(frameInWindow) else { return nil }
        return (moved(frameInWindow, into: space), hitAreaInWindow.flatMap { isUsable($0) ? moved($0, into: space) : nil })
    }

    /// Checks a hit area as the app gives it, in the view's bounds
    /// coordinates: finite numbers, a size above 0.
    public static func validate(hitArea: TargetRect, of name: String) throws(RecorderError) {
        try TargetTable.validate(frame: nil, hitArea: hitArea, verb: "declare", name: name)
    }

    private static func isUsable(_ rect: TargetRect) -> Bool {
        TargetTable.isUsable(rect)
    }

    private static func moved(_ rect: TargetRect, into space: ScreenSpace) -> TargetRect {
        let origin = space.point(windowX: rect.x, windowY: rect.y)
        return TargetRect(x: origin.x, y: origin.y, width: rect.width, height: rect.height)
    }
}
