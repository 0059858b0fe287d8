// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uiresponder
/// `@MainActor class UIResponder : NSObject`
@MainActor
open class UIResponder: NSObject {
    public override init() {}
}
