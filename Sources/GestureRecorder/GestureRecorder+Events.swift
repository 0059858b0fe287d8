/// The recording calls: each copies a small value into the buffer and
/// returns. Outside a session they are ignored (and counted), never an error.
extension GestureRecorder {
    /// A touch at one phase. `touch` is the touch's id for its whole life;
    /// `time` its `UITouch.timestamp` at this phase; `x`, `y` points in the
    /// space of the session's screen size (the UIKit layer gives the
    /// screen's coordinates; see ``ScreenSpace``).
    /// `hit`, on a `began` only (other phases ignore it), is the declared
    /// target the hit-test chose; nil records nothing.
    /// A touch at a non-finite position is ignored.
    public func touch(_ touch: Int64, _ phase: TouchPhase, at time: RecorderTime, x: Double, y: Double,
                      radius: Double? = nil, force: Double? = nil, kind: TouchKind? = nil, hit: TouchHit? = nil) {
        guard x.isFinite, y.isFinite else {
            ring.ignore()
            return
        }
        ring.push(RecorderEvent(
            kind: .touch, code: phase.code, secondCode: kind.map(\.code) ?? RecorderEvent.noCode,
            name: phase == .began ? hit?.nameIndex ?? RecorderEvent.noName : RecorderEvent.noName, touch: touch, timeNanos: time.nanoseconds, x: x, y: y,
            radius: radius.flatMap { $0.isFinite ? $0 : nil } ?? .nan,
            force: force.flatMap { $0.isFinite ? $0 : nil } ?? .nan))
    }

    /// A recognizer changed state, at the time the app's code saw it.
    public func transition(_ recognizer: RecorderName, to state: RecognizerState, from previous: RecognizerState? = nil,
                           class recognizerClass: RecorderName? = nil, at time: RecorderTime, touch: Int64? = nil) {
        ring.push(RecorderEvent(
            kind: .transition, code: state.code,
            secondCode: previous.map(\.code) ?? RecorderEvent.noCode,
            hasTouch: touch != nil, name: recognizer.index, secondName: recognizerClass?.index ?? RecorderEvent.noName,
            touch: touch ?? 0, timeNanos: time.nanoseconds))
    }

    /// The app's code heard about `event` on `target` through the channel `via`.
    public func delivery(_ target: RecorderName, event: RecorderName, via: RecorderName, at time: RecorderTime,
                         touch: Int64? = nil) {
        ring.push(RecorderEvent(kind: .delivery, hasTouch: touch != nil, name: target.index, secondName: event.index,
                                via: via.index, touch: touch ?? 0, timeNanos: time.nanoseconds))
    }

    /// A frame was presented.
    public func frame(at time: RecorderTime) {
        ring.push(RecorderEvent(kind: .frame, timeNanos: time.nanoseconds))
    }
}
