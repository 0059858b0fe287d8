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
public struct TouchIdentities {
    private var ids: [ObjectIdentifier: Int64] = [:]
    /// Touches that ended in the event being dispatched.
    private var endedInDispatch: [ObjectIdentifier: Int64] = [:]
    private var nextID: Int64 = 1

    public init() {}

    /// The id for `object` at `phase`, or nil when it is not to be recorded.
    public mutating func id(for object: ObjectIdentifier, phase: TouchPhase) -> Int64? {
        if phase == .began {
            let id = nextID
            nextID += 1
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
