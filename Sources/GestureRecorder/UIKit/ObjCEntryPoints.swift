// The probes' entry points for UIKit's target-action and display-link
// callbacks, which reach them through the Objective-C runtime by selector.
//
// On Apple platforms these are `@objc` methods named with `#selector`, so
// the compiler checks each selector against its method. Linux has no
// Objective-C runtime (`@objc` and `#selector` do not compile there); the
// compile check (scripts/check-uikit-layer.sh) builds this folder on Linux
// against stand-ins, where a selector is only its name, `Selector("…")`.
// The names below are the Objective-C names of the methods above them.
#if os(iOS) || GESTURELAB_UIKIT_STANDINS
import QuartzCore
import UIKit

#if canImport(ObjectiveC)
extension RecognizerProbe {
    @objc func handleAction(_ recognizer: UIGestureRecognizer) { actionReceived(recognizer) }
    static var action: Selector { #selector(handleAction(_:)) }
}

extension ControlEventProbe {
    @objc func handleAction(_ sender: Any, forEvent event: UIEvent?) { fired(sender, event: event) }
    static var action: Selector { #selector(handleAction(_:forEvent:)) }
}

extension FrameProbe {
    @objc func handleTick(_ link: CADisplayLink) { tick(link) }
    static var action: Selector { #selector(handleTick(_:)) }
}
#else
extension RecognizerProbe {
    static var action: Selector { Selector("handleAction:") }
}

extension ControlEventProbe {
    static var action: Selector { Selector("handleAction:forEvent:") }
}

extension FrameProbe {
    static var action: Selector { Selector("handleTick:") }
}
#endif
#endif
