#if canImport(UIKit)
import QuartzCore
import UIKit

/// The target added to a recognizer: its action is the `target-action` channel.
@MainActor
final class RecognizerActionProbe: NSObject {
    let channels: RecognizerChannels

    init(channels: RecognizerChannels) {
        self.channels = channels
    }

    @objc func handle(_ recognizer: UIGestureRecognizer) {
        channels.actionReceived(rawValue: recognizer.state.rawValue, at: .now)
    }
}

/// The target added to a control for one control event.
@MainActor
final class ControlEventProbe: NSObject {
    let channel: ControlEventChannel
    weak var recording: UIKitRecording?

    init(channel: ControlEventChannel, recording: UIKitRecording) {
        self.channel = channel
        self.recording = recording
    }

    @objc func fire(_ sender: Any, forEvent event: UIEvent?) {
        channel.fired(at: .now, touch: recording?.touchID(for: event))
    }
}

/// The display link's target: one `frame` per refresh, at the time of the
/// frame last displayed (`CADisplayLink.timestamp`, the same clock as touches).
@MainActor
final class FrameProbe: NSObject {
    let recorder: GestureRecorder

    init(recorder: GestureRecorder) {
        self.recorder = recorder
    }

    @objc func tick(_ link: CADisplayLink) {
        recorder.frame(at: RecorderTime(seconds: link.timestamp))
    }
}
#endif
