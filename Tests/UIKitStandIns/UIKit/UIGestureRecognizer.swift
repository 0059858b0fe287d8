// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uigesturerecognizer
/// `@MainActor class UIGestureRecognizer : NSObject`
@MainActor
open class UIGestureRecognizer: NSObject {
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum
    /// `enum State : Int, @unchecked Sendable`; `recognized` is `ended`.
    public enum State: Int, @unchecked Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static var recognized: State { .ended }
    }

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/init(target:action:)
    /// `init(target: Any?, action: Selector?)`
    public init(target: Any?, action: Selector?) {}

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.property
    /// `var state: UIGestureRecognizer.State { get }` (key-value observable)
    open var state: UIGestureRecognizer.State { .possible }

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/addtarget(_:action:)
    /// `func addTarget(_ target: Any, action: Selector)`
    open func addTarget(_ target: Any, action: Selector) {}

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/removetarget(_:action:)
    /// `func removeTarget(_ target: Any?, action: Selector?)`
    open func removeTarget(_ target: Any?, action: Selector?) {}
}

/// Source: https://developer.apple.com/documentation/uikit/uipangesturerecognizer
/// `@MainActor class UIPanGestureRecognizer : UIGestureRecognizer`
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {}

/// Source: https://developer.apple.com/documentation/uikit/uitapgesturerecognizer
/// `@MainActor class UITapGestureRecognizer : UIGestureRecognizer`
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {}

/// Source: https://developer.apple.com/documentation/uikit/uiswipegesturerecognizer
/// `@MainActor class UISwipeGestureRecognizer : UIGestureRecognizer`
@MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {}
