// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uicontrol
/// `@MainActor class UIControl : UIView`
@MainActor
open class UIControl: UIView {
    /// https://developer.apple.com/documentation/uikit/uicontrol/event
    /// `struct Event : OptionSet, @unchecked Sendable`, raw values as in UIControl.h
    public struct Event: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/addtarget(_:action:for:)
    /// `func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event)`
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {}

    /// https://developer.apple.com/documentation/uikit/uicontrol/removetarget(_:action:for:)
    /// `func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event)`
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {}
}

/// Source: https://developer.apple.com/documentation/uikit/uibutton
/// `@MainActor class UIButton : UIControl`
@MainActor
open class UIButton: UIControl {}
