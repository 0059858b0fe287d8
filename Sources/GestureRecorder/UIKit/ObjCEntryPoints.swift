// The probes' entry points for UIKit's target-action and display-link
// callbacks, which reach them through the Objective-C runtime by selector:
// `@objc` methods named with `#selector`, so the compiler checks each
// selector against its method.
#if os(iOS)
import QuartzCore
import UIKit

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
#endif
