/// What the recorder reads from a touch (a `UITouch` on Apple platforms, a
/// stand-in in tests): raw UIKit values, mapped by ``UIKitVocabulary``.
public protocol TouchSample {
    /// The touch object's identity, the same at every phase.
    var identity: ObjectIdentifier { get }
    var phaseRawValue: Int { get }
    /// Seconds on the monotonic clock (`UITouch.timestamp`), updated by UIKit at each phase.
    var timestamp: Double { get }
    /// Window coordinates in points.
    var windowX: Double { get }
    var windowY: Double { get }
    var majorRadius: Double { get }
    var force: Double { get }
    var typeRawValue: Int { get }
}

/// Turns the touches of one event into `touch` records.
public struct TouchEventRecorder {
    public let recorder: GestureRecorder
    public private(set) var identities = TouchIdentities()

    public init(recorder: GestureRecorder) {
        self.recorder = recorder
    }

    /// Records one touch of an event. `coalesced` are the samples UIKit
    /// gathered since the last event (the last one a copy of `touch`): a
    /// move records each with its own time and place; other phases record
    /// the touch itself once. Identity always comes from `touch`, since
    /// coalesced samples are separate objects.
    public mutating func record<Touch: TouchSample>(_ touch: Touch, coalesced: [Touch] = []) {
        guard let phase = UIKitVocabulary.touchPhase(rawValue: touch.phaseRawValue),
              let id = identities.id(for: touch.identity, phase: phase) else { return }
        let kind = UIKitVocabulary.touchKind(rawValue: touch.typeRawValue)
        let samples = phase == .moved && !coalesced.isEmpty ? coalesced : [touch]
        for sample in samples {
            recorder.touch(id, phase, at: RecorderTime(seconds: sample.timestamp), x: sample.windowX, y: sample.windowY,
                           radius: sample.majorRadius, force: sample.force, kind: kind)
        }
    }

    /// The id of a live touch, for deliveries that know their touch.
    public func touchID(of identity: ObjectIdentifier) -> Int64? {
        identities.current(identity)
    }
}
