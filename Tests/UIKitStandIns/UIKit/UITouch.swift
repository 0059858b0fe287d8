// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uitouch
/// `@MainActor class UITouch : NSObject`
@MainActor
open class UITouch: NSObject {
    /// https://developer.apple.com/documentation/uikit/uitouch/phase-swift.enum
    /// `enum Phase : Int, @unchecked Sendable`
    public enum Phase: Int, @unchecked Sendable {
        case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// https://developer.apple.com/documentation/uikit/uitouch/touchtype
    /// `enum TouchType : Int, @unchecked Sendable`
    public enum TouchType: Int, @unchecked Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    /// https://developer.apple.com/documentation/uikit/uitouch/phase-swift.property
    open var phase: UITouch.Phase { .began }

    /// https://developer.apple.com/documentation/uikit/uitouch/timestamp
    /// `var timestamp: TimeInterval { get }`
    open var timestamp: TimeInterval { 0 }

    /// https://developer.apple.com/documentation/uikit/uitouch/location(in:)
    /// `func location(in view: UIView?) -> CGPoint`
    open func location(in view: UIView?) -> CGPoint { .zero }

    /// https://developer.apple.com/documentation/uikit/uitouch/view
    /// `var view: UIView? { get }`
    open var view: UIView? { nil }

    /// https://developer.apple.com/documentation/uikit/uitouch/majorradius
    open var majorRadius: CGFloat { 0 }

    /// https://developer.apple.com/documentation/uikit/uitouch/force
    open var force: CGFloat { 0 }

    /// https://developer.apple.com/documentation/uikit/uitouch/type
    open var type: UITouch.TouchType { .direct }
}
