/// One `touch` id per touch object for its lifetime: a new id at `began`,
/// the same one at every later phase, forgotten after `ended` or
/// `cancelled` (UIKit may reuse the object for a later touch).
///
/// A touch first seen after its `began` (it began before recording
/// started) gets no id: the format wants every touch to start with `began`.
public struct TouchIdentities {
    private var ids: [ObjectIdentifier: Int64] = [:]
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
        if phase == .ended || phase == .cancelled { ids[object] = nil }
        return id
    }

    /// The id of a live touch, without changing anything (for a control
    /// event naming the touch that caused it).
    public func current(_ object: ObjectIdentifier) -> Int64? {
        ids[object]
    }

    /// Touches alive now.
    public var liveCount: Int { ids.count }
}
