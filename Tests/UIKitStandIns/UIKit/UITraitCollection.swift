// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uitraitcollection
/// `class UITraitCollection : NSObject`. Declared without an actor or
/// Sendable conformance, the most restrictive reading: the layer reads it
/// only on the main actor.
open class UITraitCollection: NSObject {
    /// https://developer.apple.com/documentation/uikit/uitraitcollection/displayscale
    /// `var displayScale: CGFloat { get }`
    open var displayScale: CGFloat { 1 }
}

/// Source: https://developer.apple.com/documentation/uikit/uitraitenvironment
/// `@MainActor protocol UITraitEnvironment : NSObjectProtocol`
@MainActor
public protocol UITraitEnvironment: NSObjectProtocol {
    var traitCollection: UITraitCollection { get }
}
