#if os(iOS)
import QuartzCore
import UIKit

/// Connects UIKit to a ``GestureRecorder``: touches from a
/// ``GestureRecordingWindow``, registered recognizers and controls, declared
/// targets and the target each touch hit, frames, and a flush whenever the app goes to the background or terminates.
///
/// Every decision (names, identities, which touch a control event names,
/// what to take off when stopping) is made by the core types it calls;
/// this class only adapts UIKit's objects to them. It holds the probes
/// and observations until ``stop()``, which takes them all off so that an
/// app can record one screen and let the recording go.
///
///     let recording = UIKitRecording(recorder: recorder)
///     window.recording = recording
///     recording.observe(panRecognizer, name: "pan")
///     recording.observe(recordButton, name: "record-button", events: [.touchDown, .touchUpInside])
///     try recording.declareTarget(recordButton, name: "record-button")
///     // … after a layout pass that moved things: recording.layoutChanged()
///     // … later, leaving the screen:
///     recording.stop()
@MainActor
public final class UIKitRecording {
    public let recorder: GestureRecorder
    private var touches: TouchEventRecorder
    private var ledger = ObservationLedger<any RecordingProbe>()
    private var displayLink: CADisplayLink?
    private var lifecycleObservers: [any NSObjectProtocol] = []
    /// The views declared as targets (UIKitRecording+Targets.swift).
    var targetViews = TargetViews<UIView>()

    public init(recorder: GestureRecorder) {
        self.recorder = recorder
        touches = TouchEventRecorder(recorder: recorder)
        for name in [UIApplication.didEnterBackgroundNotification, UIApplication.willTerminateNotification] {
            lifecycleObservers.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                recorder.flush()
            })
        }
    }

    /// Whether ``stop()`` was called: a stopped recording records nothing more.
    public var isStopped: Bool { ledger.isStopped }

    /// Called by the window for the touches of one event, before dispatch.
    func record(_ touchSet: Set<UITouch>, of event: UIEvent, in window: UIWindow) {
        guard !isStopped else { return }
        let space = ScreenSpace.of(window)
        for touch in touchSet {
            let identity = ObjectIdentifier(touch)
            let coalesced = TouchEventRecorder.readsCoalesced(phaseRawValue: touch.phase.rawValue)
                ? (event.coalescedTouches(for: touch) ?? []) : []
            touches.record(UITouchSample(touch, identity: identity),
                           coalesced: coalesced.map { UITouchSample($0, identity: identity) }, in: space,
                           hit: touch.phase == .began ? hit(of: touch) : nil)
        }
    }

    /// Called by the window once UIKit has dispatched the event.
    func eventDispatched() {
        touches.dispatchFinished()
    }

    /// Records each state change of `recognizer` as a `transition` and a
    /// delivery `via` `observer` (KVO on `state`), and each call of its
    /// actions as a delivery `via` `target-action` (a probe target, called
    /// after the targets the app added before it). Observing it again does nothing.
    public func observe(_ recognizer: UIGestureRecognizer, name: String) {
        guard ledger.newEvents(of: recognizer, among: 1) != 0 else { return }
        // Discreteness from the object, not its class name: a tap
        // recognizer subclass may be called anything (`DoubleTap`).
        let channels = RecognizerChannels(recorder: recorder, name: name,
                                          className: String(describing: type(of: recognizer)),
                                          isDiscrete: recognizer is UITapGestureRecognizer
                                              || recognizer is UISwipeGestureRecognizer)
        let probe = RecognizerProbe(channels: channels, recognizer: recognizer)
        probe.attach()
        ledger.add(probe, of: recognizer, events: 1)
    }

    /// Records the chosen `events` of `control` `via` `control-event`, with
    /// the touch that caused each when there is one. Events already
    /// observed on `control` are not added twice.
    public func observe(_ control: UIControl, name: String, events: UIControl.Event) {
        let new = ledger.newEvents(of: control, among: events.rawValue)
        let target = recorder.name(name)
        for event in UIKitVocabulary.controlEvents(rawValue: new) {
            let controlEvent = UIControl.Event(rawValue: event.rawValue)
            let probe = ControlEventProbe(channel: ControlEventChannel(recorder: recorder, target: target,
                                                                       eventName: event.name),
                                          controlEvent: controlEvent, control: control, recording: self)
            probe.attach()
            ledger.add(probe, of: control, events: event.rawValue)
        }
    }

    /// The id of the touch behind a control event: the one UIKit delivered
    /// to the control, live or ended in the event being dispatched.
    func touchID(for control: UIControl, event: UIEvent?, controlEvent: UIControl.Event) -> Int64? {
        guard let event else { return nil }
        return ControlEventTouch.choose(controlEvent: controlEvent.rawValue,
                                        inControl: candidates(event.touches(for: control)),
                                        inEvent: candidates(event.allTouches))
    }

    private func candidates(_ set: Set<UITouch>?) -> [ControlEventTouch.Candidate] {
        (set ?? []).compactMap { touch in
            touches.touchID(of: ObjectIdentifier(touch)).map {
                ControlEventTouch.Candidate(id: $0, phase: UIKitVocabulary.touchPhase(rawValue: touch.phase.rawValue))
            }
        }
    }

    /// Records a `frame` at every display refresh, until ``stopFrames()``.
    ///
    /// The link asks for the display's highest rate (up to 120 Hz). On an
    /// iPhone with ProMotion it gets more than 60 Hz only when the app's
    /// Info.plist sets `CADisableMinimumFrameDurationOnPhone` to YES.
    public func startFrames() {
        guard displayLink == nil, !isStopped else { return }
        let link = CADisplayLink(target: FrameProbe(recorder: recorder, recording: self), selector: FrameProbe.action)
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    public func stopFrames() {
        displayLink?.invalidate()
        displayLink = nil
    }

    /// Takes everything off: the probes from recognizers and controls, the
    /// KVO observations, the display link, the notification observers; the
    /// declared targets are removed from the recorder.
    /// Touches from the window are no longer recorded. The recorder is
    /// left as it is: finish it (or keep it for another screen) yourself.
    /// Calling it again does nothing.
    public func stop() {
        guard !isStopped else { return }
        for probe in ledger.stop() { probe.detach() }
        // The screen is left: later sessions start without its targets.
        for target in targetViews.removeAll() { recorder.removeTarget(target) }
        stopFrames()
        for observer in lifecycleObservers { NotificationCenter.default.removeObserver(observer) }
        lifecycleObservers = []
    }
}
#endif
