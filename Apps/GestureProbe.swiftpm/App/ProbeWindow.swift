import GestureRecorder
import UIKit

/// The recording window, counting the touches it dispatches, so that each
/// screen can show how many touches its current session has seen.
final class ProbeWindow: GestureRecordingWindow {
    /// Touches that began since ``resetTouchCount()``.
    private(set) var touchCount = 0

    func resetTouchCount() {
        touchCount = 0
    }

    override func sendEvent(_ event: UIEvent) {
        if event.type == .touches, let touches = event.touches(for: self) {
            touchCount += touches.filter { $0.phase == .began }.count
        }
        super.sendEvent(event)
    }
}
