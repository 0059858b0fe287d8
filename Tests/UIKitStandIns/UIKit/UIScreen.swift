// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uiscreen
/// `@MainActor class UIScreen : NSObject`
@MainActor
open class UIScreen: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiscreen/bounds
    /// `var bounds: CGRect { get }`: interface-oriented, in points
    open var bounds: CGRect { .zero }

    /// https://developer.apple.com/documentation/uikit/uiscreen/scale
    /// `var scale: CGFloat { get }`
    open var scale: CGFloat { 1 }

    /// https://developer.apple.com/documentation/uikit/uiscreen/coordinatespace
    /// `var coordinateSpace: any UICoordinateSpace { get }`, iOS 8.0+
    open var coordinateSpace: any UICoordinateSpace { UIView(frame: .zero) }
}
