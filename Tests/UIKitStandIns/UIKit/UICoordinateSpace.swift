// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uicoordinatespace
/// `@MainActor protocol UICoordinateSpace : NSObjectProtocol`
@MainActor
public protocol UICoordinateSpace: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uicoordinatespace/convert(_:to:) (the CGPoint overload)
    /// `func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint`
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// https://developer.apple.com/documentation/uikit/uicoordinatespace/bounds
    var bounds: CGRect { get }
}
