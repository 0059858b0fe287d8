/// One `touch` id per touch object for its lifetime: a new id at `began`,
/// the same one at every later phase, no longer live after `ended` or
/// `cancelled` (UIKit may reuse the object for a later touch).
///
/// A touch that ends keeps its id until the event that ended it has been
/// dispatched (``dispatchFinished()``): UIKit sends `touchUpInside`,
/// `touchUpOutside`, `touchCancel`, and a scroll view's delayed
/// `touchDown` of a quick tap, while it handles that event, and those must
/// still name their touch.
///
/// A touch first seen after its `began` (it began before recording
/// started) gets no id: the format wants every touch to start with `began`.
///
/// New ids come from the recorder (``GestureRecorder/newTouchID()``), not
/// from a counter of each recording's own: two recordings on one recorder
/// (a window per scene) would otherwise both call their first touch 1.
public struct TouchIdentities {
    private var ids: [ObjectIdentifier: Int64] = [:]
    /// Touches that ended in the event being dispatched.
    private var endedInDispatch: [ObjectIdentifier: Int64] = [:]
    private let counter: TouchIDCounter

    /// Identities whose ids no other recording on `recorder` hands out.
    public init(recorder: GestureRecorder) {
        counter = recorder.touchIDs
    }

    /// Identities with ids of their own (1, 2, 3…): for a recorder fed by
    /// nothing else.
    public init() {
        counter = TouchIDCounter()
    }

    /// The id for `object` at `phase`, or nil when it is not to be recorded.
    public mutating func id(for object: ObjectIdentifier, phase: TouchPhase) -> Int64? {
        if phase == .began {
            let id = counter.take()
            ids[object] = id
            return id
        }
        guard let id = ids[object] else { return nil }
        if phase == .ended || phase == .cancelled {
            ids[object] = nil
            endedInDispatch[object] = id
        }
        return id
    }

    /// The id of a live touch, without changing anything.
    public func current(_ object: ObjectIdentifier) -> Int64? {
        ids[object]
    }

    /// The id of a touch that is live or ended in the event being
    /// dispatched: what a control event names.
    public func duringDispatch(_ object: ObjectIdentifier) -> Int64? {
        ids[object] ?? endedInDispatch[object]
    }

    /// The event has been dispatched: touches that ended in it are forgotten.
    public mutating func dispatchFinished() {
        if !endedInDispatch.isEmpty { endedInDispatch.removeAll(keepingCapacity: true) }
    }

    /// Touches alive now.
    public var liveCount: Int { ids.count }

    /// Touches that ended but whose event is still being dispatched.
    public var endingCount: Int { endedInDispatch.count }
}
