// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uiview
/// `@MainActor class UIView : UIResponder`, conforming to
/// UICoordinateSpace among others.
@MainActor
open class UIView: UIResponder, UICoordinateSpace {
    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) {}

    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    /// `init?(coder: NSCoder)`, required (NSCoding)
    public required init?(coder: NSCoder) {}

    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds: CGRect = .zero

    /// https://developer.apple.com/documentation/uikit/uiview/convert(_:to:) (the CGPoint, UIView? overload)
    /// `func convert(_ point: CGPoint, to view: UIView?) -> CGPoint`
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { point }

    /// https://developer.apple.com/documentation/uikit/uiview/convert(_:to:)-2kf3d (the CGRect, UIView? overload)
    /// `func convert(_ rect: CGRect, to view: UIView?) -> CGRect`
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }

    /// https://developer.apple.com/documentation/uikit/uiview/superview
    /// `var superview: UIView? { get }`
    open var superview: UIView? { nil }

    /// https://developer.apple.com/documentation/uikit/uiview/window
    /// `var window: UIWindow? { get }`
    open var window: UIWindow? { nil }

    /// UICoordinateSpace's `convert(_:to:)`, which UIView implements.
    open func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint { point }
}
