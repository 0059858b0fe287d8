// TEST MATERIAL: a stand-in, not Apple's code. It copies the declarations
// the UIKit layer uses from Apple's documentation so that
// scripts/check-uikit-layer.sh can compile the layer on Linux. It has no
// behaviour worth the name and is never linked into anything.
@_exported import FoundationStandIns

/// Source: https://developer.apple.com/documentation/quartzcore/cadisplaylink
/// `class CADisplayLink : NSObject`. The page shows no actor attribute; the
/// layer uses the link only on the main actor, which compiles either way.
open class CADisplayLink: NSObject {
    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/init(target:selector:)
    /// `init(target: Any, selector sel: Selector)`
    public init(target: Any, selector sel: Selector) {}

    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/add(to:formode:)
    /// `func add(to runloop: RunLoop, forMode mode: RunLoop.Mode)`
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {}

    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/invalidate()
    open func invalidate() {}

    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/timestamp
    /// `var timestamp: CFTimeInterval { get }` (CFTimeInterval is Double)
    open var timestamp: Double { 0 }

    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/preferredframeraterange
    /// `var preferredFrameRateRange: CAFrameRateRange { get set }`, iOS 15.0+
    open var preferredFrameRateRange = CAFrameRateRange.default
}
