#if canImport(UIKit)
import QuartzCore
import UIKit

/// Connects UIKit to a ``GestureRecorder``: touches from a
/// ``GestureRecordingWindow``, registered recognizers and controls, frames,
/// and a flush whenever the app goes to the background or terminates.
///
/// Every decision (names, identities, channels) is made by the core types
/// it calls; this class only adapts UIKit's objects to them. Keep it for as
/// long as the app records: it holds the probes and observations.
///
///     let recording = UIKitRecording(recorder: recorder)
///     window.recording = recording
///     recording.observe(panRecognizer, name: "pan")
///     recording.observe(recordButton, name: "record-button", events: [.touchDown, .touchUpInside])
@MainActor
public final class UIKitRecording {
    public let recorder: GestureRecorder
    private var touches: TouchEventRecorder
    private var observations: [NSKeyValueObservation] = []
    private var probes: [NSObject] = []
    private var displayLink: CADisplayLink?
    private var lifecycleObservers: [NSObjectProtocol] = []

    public init(recorder: GestureRecorder) {
        self.recorder = recorder
        touches = TouchEventRecorder(recorder: recorder)
        for name in [UIApplication.didEnterBackgroundNotification, UIApplication.willTerminateNotification] {
            lifecycleObservers.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                recorder.flush()
            })
        }
    }

    /// Called by the window for the touches of one event.
    func record(_ touchSet: Set<UITouch>, of event: UIEvent) {
        for touch in touchSet {
            let identity = ObjectIdentifier(touch)
            let coalesced = touch.phase == .moved ? (event.coalescedTouches(for: touch) ?? []) : []
            touches.record(UITouchSample(touch, identity: identity),
                           coalesced: coalesced.map { UITouchSample($0, identity: identity) })
        }
    }

    /// Records each state change of `recognizer` as a `transition` and a
    /// delivery `via` `observer` (KVO on `state`), and each call of its
    /// actions as a delivery `via` `target-action` (a probe target).
    public func observe(_ recognizer: UIGestureRecognizer, name: String) {
        nonisolated(unsafe) let channels = RecognizerChannels(
            recorder: recorder, name: name, className: String(describing: type(of: recognizer)))
        // KVO calls back on the thread that set `state`: UIKit's, the main one.
        nonisolated(unsafe) weak var observed = recognizer
        observations.append(recognizer.observe(\.state, options: [.new]) { _, _ in
            let time = RecorderTime.now
            MainActor.assumeIsolated {
                guard let observed else { return }
                channels.stateObserved(rawValue: observed.state.rawValue, at: time)
            }
        })
        let probe = RecognizerActionProbe(channels: channels)
        recognizer.addTarget(probe, action: #selector(RecognizerActionProbe.handle(_:)))
        probes.append(probe)
    }

    /// Records the chosen `events` of `control` `via` `control-event`, with
    /// the touch that caused each when there is one.
    public func observe(_ control: UIControl, name: String, events: UIControl.Event) {
        let target = recorder.name(name)
        for event in UIKitVocabulary.controlEvents(rawValue: events.rawValue) {
            let probe = ControlEventProbe(channel: ControlEventChannel(recorder: recorder, target: target,
                                                                       eventName: event.name),
                                          recording: self)
            control.addTarget(probe, action: #selector(ControlEventProbe.fire(_:forEvent:)),
                              for: UIControl.Event(rawValue: event.rawValue))
            probes.append(probe)
        }
    }

    /// The id of the touch behind a control event, if it is a live one.
    func touchID(for event: UIEvent?) -> Int64? {
        guard let touch = event?.allTouches?.first else { return nil }
        return touches.touchID(of: ObjectIdentifier(touch))
    }

    /// Records a `frame` at every display refresh, until ``stopFrames()``.
    public func startFrames() {
        guard displayLink == nil else { return }
        let link = CADisplayLink(target: FrameProbe(recorder: recorder), selector: #selector(FrameProbe.tick(_:)))
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    public func stopFrames() {
        displayLink?.invalidate()
        displayLink = nil
    }
}

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
