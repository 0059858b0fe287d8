// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uiscrollview
/// `@MainActor class UIScrollView : UIView`
@MainActor
open class UIScrollView: UIView {
    /// https://developer.apple.com/documentation/uikit/uiscrollview/delayscontenttouches
    /// `var delaysContentTouches: Bool { get set }`
    open var delaysContentTouches = true
}
