// The UIKit layer: built for iOS and Mac Catalyst, where every API it
// uses exists. On Linux, scripts/check-uikit-layer.sh compiles this folder
// against the iPhoneOS SDK (see docs/recording.md).
#if os(iOS)
import UIKit

/// A window that hands every touch it dispatches to a recording, then
/// dispatches the event as usual.
///
/// Use it as the app's window (in the scene delegate). Touches of other
/// windows, the system keyboard's among them, are not recorded: their
/// windows are UIKit's own and are left alone.
///
///     let window = GestureRecordingWindow(windowScene: scene)
///     window.recording = recording
open class GestureRecordingWindow: UIWindow {
    /// The recording fed; nil records nothing.
    public var recording: UIKitRecording?

    open override func sendEvent(_ event: UIEvent) {
        // Before dispatch: `timestamp` and `phase` are this event's now.
        guard event.type == .touches, let recording, let touches = event.touches(for: self) else {
            super.sendEvent(event)
            return
        }
        recording.record(touches, of: event, in: self)
        super.sendEvent(event)
        // After: control events fired during dispatch have named their touches.
        recording.eventDispatched()
    }
}
#endif
