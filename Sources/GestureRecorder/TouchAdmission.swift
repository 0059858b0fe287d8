/// Decides, on the writer's side, whether a touch event can be written.
///
/// The format wants every touch of a session to start with its `began`, so
/// a later phase whose `began` is not in the session cannot be written. Why
/// it is missing decides how it is counted, because `dropped` tells the
/// analysis that the recorder lost data and latencies may be biased:
///
/// - the buffer was full when the `began` came: the later phases are
///   dropped too, and counted as dropped;
/// - the touch began before this session (a finger down across
///   `beginSession`, or before `start`): nothing was lost, the touch simply
///   is not this session's; its phases are ignored, and counted as ignored.
///
/// The ring tells it which `began`s it dropped (`EventRing.Batch.droppedBegans`);
/// a drop always reaches the writer no later than the events pushed after it.
struct TouchAdmission {
    enum Verdict: Equatable {
        case write, drop, ignore
    }

    /// Touches whose `began` was written and that have not ended, by session.
    private var open: [Int32: Set<Int64>] = [:]
    /// Touches whose `began` the full buffer dropped, by session.
    private var droppedBegans: [Int32: Set<Int64>] = [:]
    /// Sessions where more `began`s were dropped than the ring could name:
    /// there an unknown touch may have lost its `began`, so it counts as dropped.
    private var untracked: Set<Int32> = []

    /// What the ring reported dropping, before the batch's events are judged.
    mutating func noteDropped(_ began: EventRing.DroppedBegan) {
        droppedBegans[began.session, default: []].insert(began.touch)
    }

    /// The ring dropped more `began`s than it could name, from session
    /// `first` on; `last` is the latest session started when it said so.
    mutating func noteUntracked(from first: Int32, through last: Int32) {
        guard first <= last else { return }
        untracked.formUnion(first...last)
    }

    /// A session started: sessions follow one another, so what earlier ones
    /// held is forgotten (what the ring reported for this one is kept).
    mutating func sessionStarted(_ session: Int32) {
        open = [session: []]
        droppedBegans = droppedBegans.filter { $0.key >= session }
        untracked = untracked.filter { $0 >= session }
    }

    mutating func admit(session: Int32, touch: Int64, phase: TouchPhase) -> Verdict {
        if phase == .began {
            open[session, default: []].insert(touch)
            return .write
        }
        if open[session]?.contains(touch) == true {
            if phase == .ended || phase == .cancelled { open[session]?.remove(touch) }
            return .write
        }
        let lostItsBegan = droppedBegans[session]?.contains(touch) == true || untracked.contains(session)
        return lostItsBegan ? .drop : .ignore
    }
}
