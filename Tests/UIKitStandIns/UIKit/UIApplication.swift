// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uiapplication
/// `@MainActor class UIApplication : UIResponder`
@MainActor
open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
    /// `nonisolated class let didEnterBackgroundNotification: NSNotification.Name`
    nonisolated public static let didEnterBackgroundNotification =
        NSNotification.Name("UIApplicationDidEnterBackgroundNotification")

    /// https://developer.apple.com/documentation/uikit/uiapplication/willterminatenotification
    /// `nonisolated class let willTerminateNotification: NSNotification.Name`
    nonisolated public static let willTerminateNotification =
        NSNotification.Name("UIApplicationWillTerminateNotification")
}
