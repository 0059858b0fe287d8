#if canImport(UIKit)
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
        if event.type == .touches, let recording, let touches = event.touches(for: self) {
            recording.record(touches, of: event)
        }
        super.sendEvent(event)
    }
}
#endif
