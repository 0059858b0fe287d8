// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uidevice
/// `@MainActor class UIDevice : NSObject`
@MainActor
open class UIDevice: NSObject {
    /// https://developer.apple.com/documentation/uikit/uidevice/current
    /// `class var current: UIDevice { get }`
    open class var current: UIDevice { UIDevice() }

    /// https://developer.apple.com/documentation/uikit/uidevice/systemname
    open var systemName: String { "" }

    /// https://developer.apple.com/documentation/uikit/uidevice/systemversion
    open var systemVersion: String { "" }
}
