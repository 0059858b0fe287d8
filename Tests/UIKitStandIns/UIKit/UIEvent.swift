// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uievent
/// `@MainActor class UIEvent : NSObject`
@MainActor
open class UIEvent: NSObject {
    /// https://developer.apple.com/documentation/uikit/uievent/eventtype
    /// `enum EventType : Int, @unchecked Sendable`
    public enum EventType: Int, @unchecked Sendable {
        case touches, motion, remoteControl, presses, scroll = 10, hover, transform
    }

    /// https://developer.apple.com/documentation/uikit/uievent/type
    open var type: UIEvent.EventType { .touches }

    /// https://developer.apple.com/documentation/uikit/uievent/alltouches
    /// `var allTouches: Set<UITouch>? { get }`
    open var allTouches: Set<UITouch>? { nil }

    /// The UIWindow overload of https://developer.apple.com/documentation/uikit/uievent/touches(for:)
    /// `func touches(for window: UIWindow) -> Set<UITouch>?`
    /// (iOS, Mac Catalyst; unavailable on tvOS, watchOS and visionOS)
    open func touches(for window: UIWindow) -> Set<UITouch>? { nil }

    /// The UIView overload of https://developer.apple.com/documentation/uikit/uievent/touches(for:)
    /// `func touches(for view: UIView) -> Set<UITouch>?`
    open func touches(for view: UIView) -> Set<UITouch>? { nil }

    /// https://developer.apple.com/documentation/uikit/uievent/coalescedtouches(for:)
    /// `func coalescedTouches(for touch: UITouch) -> [UITouch]?`, iOS 9.0+
    open func coalescedTouches(for touch: UITouch) -> [UITouch]? { nil }
}
