/// The coordinate space touches are recorded in: the screen's, in points,
/// oriented as the interface is, with the screen's size.
///
/// UIKit gives a touch in its window's coordinates (`location(in: nil)`).
/// When the window fills the screen the two are the same; in iPad Split
/// View, Slide Over and Stage Manager the window is a part of the screen,
/// and regions (how near a touch is to an edge) are about the screen's
/// edges, where the system gesture gate is. So every point is moved by the
/// window's origin on the screen, and the session's screen size is the
/// screen's: one space for positions and the size they are judged against.
///
///     // The right-hand app of a Split View on a 1366 × 1024 iPad in landscape:
///     let space = ScreenSpace(windowOriginX: 683, windowOriginY: 0, width: 1366, height: 1024)
///     space.point(windowX: 670, windowY: 1010)   // (1353, 1010): the screen's bottom-right corner
public struct ScreenSpace: Sendable, Equatable {
    /// Where the window's origin is on the screen, in points.
    public var windowOriginX: Double
    public var windowOriginY: Double
    /// The screen's size in points.
    public var width: Double
    public var height: Double

    public init(windowOriginX: Double, windowOriginY: Double, width: Double, height: Double) {
        self.windowOriginX = windowOriginX
        self.windowOriginY = windowOriginY
        self.width = width
        self.height = height
    }

    /// A window that fills a screen of this size.
    public static func fullScreen(width: Double, height: Double) -> ScreenSpace {
        ScreenSpace(windowOriginX: 0, windowOriginY: 0, width: width, height: height)
    }

    /// A point given in window coordinates, in the screen's.
    ///
    /// A translation suffices because UIKit orients window and screen
    /// coordinates alike (both follow the interface orientation) and
    /// windows are not transformed; a window with a transform is not supported.
    public func point(windowX: Double, windowY: Double) -> (x: Double, y: Double) {
        (windowX + windowOriginX, windowY + windowOriginY)
    }
}
