// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uiscene
/// `@MainActor class UIScene : UIResponder`, iOS 13.0+
@MainActor
open class UIScene: UIResponder {}

/// Source: https://developer.apple.com/documentation/uikit/uiwindowscene
/// `@MainActor class UIWindowScene : UIScene`, iOS 13.0+
@MainActor
open class UIWindowScene: UIScene {
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/screen
    /// `var screen: UIScreen { get }`
    open var screen: UIScreen { UIScreen() }
}
