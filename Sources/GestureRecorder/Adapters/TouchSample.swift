/// What the recorder reads from a touch (a `UITouch` on Apple platforms, a
/// stand-in in tests): raw UIKit values, mapped by ``UIKitVocabulary``.
public protocol TouchSample {
    /// The touch object's identity, the same at every phase.
    var identity: ObjectIdentifier { get }
    var phaseRawValue: Int { get }
    /// Seconds on the monotonic clock (`UITouch.timestamp`), updated by UIKit at each phase.
    var timestamp: Double { get }
    /// Window coordinates in points, as UIKit gives them (`location(in: nil)`).
    var windowX: Double { get }
    var windowY: Double { get }
    var majorRadius: Double { get }
    var force: Double { get }
    var typeRawValue: Int { get }
}

/// Turns the touches of one event into `touch` records.
///
/// Call ``record(_:coalesced:in:)`` for each touch of an event before
/// UIKit dispatches it, and ``dispatchFinished()`` after: in between, the
/// touches that ended in it still have their ids for control events.
public struct TouchEventRecorder {
    public let recorder: GestureRecorder
    public private(set) var identities: TouchIdentities

    /// Its touch ids come from `recorder`, shared with every other
    /// recording on it.
    public init(recorder: GestureRecorder) {
        self.recorder = recorder
        identities = TouchIdentities(recorder: recorder)
    }

    /// Whether the coalesced samples of a touch in this phase are recorded
    /// (`coalescedTouches(for:)`, which UIKit gives for every phase): for a
    /// move, and for an end, whose samples since the last move are the
    /// finger's last movement. A `began` has only itself; a cancelled
    /// touch's last positions are not the person's doing.
    public static func readsCoalesced(phaseRawValue: Int) -> Bool {
        let phase = UIKitVocabulary.touchPhase(rawValue: phaseRawValue)
        return phase == .moved || phase == .ended
    }

    /// Records one touch of an event. `coalesced` are the samples UIKit
    /// gathered since the last event (the last one a copy of `touch`), for
    /// the phases ``readsCoalesced(phaseRawValue:)`` names: a move records
    /// each with its own time and place; an end records the earlier ones
    /// as `moved` (the finger moved there before it lifted) and the touch
    /// itself as `ended`, so the last sample is not written twice; other
    /// phases record the touch itself once. Identity always comes from
    /// `touch`, since coalesced samples are separate objects. Positions are
    /// moved into `space`, the screen's coordinates.
    ///
    /// `hit` is the declared target the hit-test chose, for a `began`
    /// (``TargetViews/hit(from:superview:)``); other phases ignore it.
    ///
    /// A touch first seen after its `began` began before recording
    /// started: it is not recorded, and counted as ignored.
    public mutating func record<Touch: TouchSample>(_ touch: Touch, coalesced: [Touch] = [],
                                                    in space: ScreenSpace? = nil, hit: TouchHit? = nil) {
        guard let phase = UIKitVocabulary.touchPhase(rawValue: touch.phaseRawValue) else { return }
        let samples: [(TouchPhase, Touch)] =
            switch phase {
            case .moved where !coalesced.isEmpty: coalesced.map { (.moved, $0) }
            case .ended: coalesced.dropLast().map { (.moved, $0) } + [(.ended, touch)]
            default: [(phase, touch)]
            }
        guard let id = identities.id(for: touch.identity, phase: phase) else {
            recorder.ring.ignore(samples.count)
            return
        }
        let kind = UIKitVocabulary.touchKind(rawValue: touch.typeRawValue)
        for (samplePhase, sample) in samples {
            let point = space?.point(windowX: sample.windowX, windowY: sample.windowY) ?? (x: sample.windowX, y: sample.windowY)
            recorder.touch(id, samplePhase, at: RecorderTime(seconds: sample.timestamp), x: point.x, y: point.y,
                           radius: sample.majorRadius, force: sample.force, kind: kind, hit: hit)
        }
    }

    /// The event has been dispatched: touches that ended in it lose their ids.
    public mutating func dispatchFinished() {
        identities.dispatchFinished()
    }

    /// The id of a touch that is live, or ended in the event being
    /// dispatched, for deliveries that know their touch.
    public func touchID(of identity: ObjectIdentifier) -> Int64? {
        identities.duringDispatch(identity)
    }
}
