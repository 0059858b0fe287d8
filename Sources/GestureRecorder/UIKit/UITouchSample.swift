#if os(iOS)
import UIKit

/// A `UITouch`'s values, read on the main thread at the phase being dispatched.
struct UITouchSample: TouchSample {
    let identity: ObjectIdentifier
    let phaseRawValue: Int
    let timestamp: Double
    let windowX: Double
    let windowY: Double
    let majorRadius: Double
    let force: Double
    let typeRawValue: Int

    @MainActor
    init(_ touch: UITouch, identity: ObjectIdentifier) {
        self.identity = identity
        phaseRawValue = touch.phase.rawValue
        timestamp = touch.timestamp
        let location = touch.location(in: nil)  // nil: the window's coordinates
        windowX = Double(location.x)
        windowY = Double(location.y)
        majorRadius = Double(touch.majorRadius)
        force = Double(touch.force)
        typeRawValue = touch.type.rawValue
    }
}
#endif
