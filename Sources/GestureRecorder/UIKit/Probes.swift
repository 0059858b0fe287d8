#if os(iOS)
import QuartzCore
import UIKit

/// Something a recording attached to one of the app's objects, which
/// ``UIKitRecording/stop()`` takes off again.
@MainActor
protocol RecordingProbe: AnyObject {
    func detach()
}

/// What listens to one registered recognizer: the KVO observation of its
/// `state` (the `observer` channel and the `transition`) and the target
/// added to it (the `target-action` channel).
@MainActor
final class RecognizerProbe: NSObject, RecordingProbe {
    let channels: RecognizerChannels
    private weak var recognizer: UIGestureRecognizer?
    private var observation: NSKeyValueObservation?

    init(channels: RecognizerChannels, recognizer: UIGestureRecognizer) {
        self.channels = channels
        self.recognizer = recognizer
    }

    func attach() {
        guard let recognizer else { return }
        // KVO calls back on the thread that set `state`: UIKit's main thread.
        // The handler is @Sendable: it captures this probe (a main-actor
        // object, hence Sendable; weakly, as the probe holds the
        // observation) and asserts the actor it already runs on. A state
        // set off the main thread (UIKit forbids it, but an app's test might)
        // is skipped rather than trapping the app in the assertion.
        observation = recognizer.observe(\.state, options: [.new]) { [weak self] observed, _ in
            let time = RecorderTime.now
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated {
                self?.stateChanged(observed.state, at: time)
            }
        }
        recognizer.addTarget(self, action: Self.action)
    }

    func stateChanged(_ state: UIGestureRecognizer.State, at time: RecorderTime) {
        channels.stateObserved(rawValue: state.rawValue, at: time)
    }

    /// The target-action call (through ``action``).
    func actionReceived(_ recognizer: UIGestureRecognizer) {
        channels.actionReceived(rawValue: recognizer.state.rawValue, at: .now)
    }

    func detach() {
        observation?.invalidate()
        observation = nil
        recognizer?.removeTarget(self, action: Self.action)
    }
}

/// The target added to a control for one control event.
@MainActor
final class ControlEventProbe: NSObject, RecordingProbe {
    let channel: ControlEventChannel
    let controlEvent: UIControl.Event
    private weak var control: UIControl?
    private weak var recording: UIKitRecording?

    init(channel: ControlEventChannel, controlEvent: UIControl.Event, control: UIControl, recording: UIKitRecording) {
        self.channel = channel
        self.controlEvent = controlEvent
        self.control = control
        self.recording = recording
    }

    func attach() {
        control?.addTarget(self, action: Self.action, for: controlEvent)
    }

    /// The control's action (through ``action``), with the event being dispatched.
    func fired(_ sender: Any, event: UIEvent?) {
        let time = RecorderTime.now
        let touch = control.flatMap { recording?.touchID(for: $0, event: event, controlEvent: controlEvent) }
        channel.fired(at: time, touch: touch)
    }

    func detach() {
        control?.removeTarget(self, action: Self.action, for: controlEvent)
    }
}

/// The display link's target: one `frame` per refresh, at the time of the
/// frame last displayed (`CADisplayLink.timestamp`, the same clock as touches).
/// It holds its recording weakly (the display link holds it), so a
/// recording let go without ``UIKitRecording/stop()`` still ends its link.
@MainActor
final class FrameProbe: NSObject {
    let recorder: GestureRecorder
    private weak var recording: UIKitRecording?

    init(recorder: GestureRecorder, recording: UIKitRecording) {
        self.recorder = recorder
        self.recording = recording
    }

    /// The display link's call (through ``action``).
    func tick(_ link: CADisplayLink) {
        guard recording != nil else {
            link.invalidate()
            return
        }
        recorder.frame(at: RecorderTime(seconds: link.timestamp))
    }
}
#endif
