import GestureTrace

/// Derives the touch outcomes of docs/latencies.md in the reading pass:
/// each session's targets at their current frames, and at each touch-down
/// the nearest of them.
///
/// A down's outcome depends on every `target` record at or before its time,
/// including those at its very time on a later line, so a down is held
/// until its session's time has moved past it (a record of the session
/// later than the down), its session is retired, or the capture ends. Held
/// downs are never earlier than a frame they would need replaced: a target
/// record settles the downs before its time first, and only then replaces
/// its target's frame. Per down the cost is one pass over the session's
/// targets while they are few, then a search of the cells around it
/// (``TargetGrid``); memory is the session's targets and the few downs not
/// settled.
///
/// The orders one pass cannot answer are watched for, and make `isExact`
/// false: a target record at or before a down already settled (its frame
/// came too late), a record on a line earlier than its target's first one
/// once a down has been settled by a tie in distance (the one decision the
/// order of declaration makes), a down earlier than a frame its target has
/// already replaced, a target record of a retired session. The
/// importer then derives the capture again from its stored records in
/// time order, which none of these can defeat.
struct OutcomeTracker {
    private(set) var isExact = true
    private(set) var inexactReason: String?
    /// Downs held per session at most; more and they are all settled, and
    /// a later target record at or before one of them ends the one-pass
    /// derivation.
    private let heldDowns: Int

    /// A target as of its latest record read.
    private struct Target {
        var id: ExactText
        /// The line of its first record: ties in distance go to the lowest.
        var declaredLine: Int
        /// How many downs its session had settled by a tie when it was
        /// declared. Only a tie in distance reads the order of declaration,
        /// so a record on an earlier line (a capture out of time order, put
        /// back in order by the reorder window) came too late only if a down
        /// was settled by a tie since.
        var tiesWhenDeclared: Int
        /// The time of its earliest record: it is not on screen before.
        var firstNanos: Int64
        /// Its latest record by (time, line), whose frame it has now.
        var nanos: Int64
        var line: Int
        var frame: TargetRect
        var hitArea: TargetRect
    }

    /// A touch-down not settled yet.
    private struct Down {
        var touch: Int64
        var nanos: Int64
        var line: Int
        var x: Double
        var y: Double
        var hit: String?
    }

    private struct SessionOutcomes {
        var targets: [Target] = []
        var targetIndex: [ExactText: Int] = [:]
        /// The targets' frames by place, once there are enough of them.
        var grid: TargetGrid?
        /// The latest time of any target record: downs at or after it see
        /// every target at its current frame, which the grid holds.
        var latestTargetNanos = Int64.min
        var held: [Down] = []
        /// The latest down settled, and how many were settled by a tie: their
        /// nearest distance shared by two targets or more.
        var settledThrough = Int64.min
        var tiedSettlements = 0
    }

    /// A retired session keeps nothing but the fact.
    private var sessions = SessionSlots<SessionOutcomes, Void>(fresh: SessionOutcomes())
    /// Targets over the sessions not retired.
    private(set) var liveTargets = 0
    /// By session, the earliest held down (`Int64.max` for none): every
    /// record of a session checks it, so it is kept apart from the state.
    private var earliestHeld: [Int64] = []

    init(heldDowns: Int) {
        self.heldDowns = max(heldDowns, 1)
    }

    mutating func addSession() {
        guard isExact else { return }
        sessions.append(SessionOutcomes())
        earliestHeld.append(.max)
    }

    /// Holds a touch-down of the session, after settling those before it.
    mutating func touchDown<Sink: DerivedLatencySink>(session: Int, touch: Int64, nanos: Int64, line: Int,
                                                       x: Double, y: Double, hit: String?, into sink: inout Sink) {
        guard isExact else { return }
        advance(session: session, to: nanos, into: &sink)
        guard isExact else { return }
        let count = Self.update(&sessions[session]) { state -> Int in
            state.held.append(Down(touch: touch, nanos: nanos, line: line, x: x, y: y, hit: hit))
            return state.held.count
        }
        earliestHeld[session] = min(earliestHeld[session], nanos)
        if count > heldDowns {
            settle(session: session, before: .max, into: &sink)
        }
    }

    /// The session's time has reached `nanos`: settles the downs before it.
    @inline(__always)
    mutating func advance<Sink: DerivedLatencySink>(session: Int, to nanos: Int64, into sink: inout Sink) {
        guard isExact, earliestHeld[session] < nanos else { return }
        settle(session: session, before: nanos, into: &sink)
    }

    /// Reads a target record of the session, at that line.
    ///
    /// `declaredLine` is the line of the target's first record in the
    /// file, when the caller knows it already (the records read back from
    /// the store, by time: a target's first record by time need not be its
    /// first by line). Without it, the first record read declares the
    /// target, and a later record on an earlier line may come too late.
    mutating func target<Sink: DerivedLatencySink>(_ record: TargetRecord, session: Int, line: Int,
                                                    declaredLine: Int? = nil, into sink: inout Sink) {
        guard isExact else { return }
        if sessions.isRetired(session) {
            return giveUp("the target record at line \(line) resumes a session retired to keep memory flat")
        }
        let nanos = record.timeNanos
        if nanos <= sessions[session].settledThrough {
            return giveUp("the target record at line \(line) is at or before a touch-down already settled")
        }
        advance(session: session, to: nanos, into: &sink)
        guard isExact else { return }
        let id = ExactText(record.target)
        let hitArea = record.hitArea ?? record.frame
        let targetsBefore = sessions[session].targets.count
        let inOrder = Self.update(&sessions[session]) { state -> Bool in
            state.latestTargetNanos = max(state.latestTargetNanos, nanos)
            guard let index = state.targetIndex[id] else {
                let index = state.targets.count
                state.targetIndex[id] = index
                state.targets.append(Target(id: id, declaredLine: min(declaredLine ?? line, line),
                                            tiesWhenDeclared: state.tiedSettlements,
                                            firstNanos: nanos, nanos: nanos, line: line, frame: record.frame,
                                            hitArea: hitArea))
                if state.grid != nil {
                    state.grid!.add(index, frame: record.frame)
                } else if state.targets.count >= TargetGrid.minimumTargets {
                    let grid = TargetGrid()
                    for (placed, target) in state.targets.enumerated() { grid.add(placed, frame: target.frame) }
                    state.grid = grid
                }
                return true
            }
            let tiedSettlements = state.tiedSettlements
            let (inOrder, moved) = Self.update(&state.targets[index]) { target -> (Bool, Bool) in
                if line < target.declaredLine {
                    // It was declared earlier than a tie settled since knew.
                    guard target.tiesWhenDeclared == tiedSettlements else { return (false, false) }
                    target.declaredLine = line
                }
                target.firstNanos = min(target.firstNanos, nanos)
                guard (nanos, line) > (target.nanos, target.line) else { return (true, false) }
                let moved = target.frame != record.frame
                (target.nanos, target.line, target.frame, target.hitArea) = (nanos, line, record.frame, hitArea)
                return (true, moved)
            }
            if moved { state.grid?.move(index, to: record.frame) }
            return inOrder
        }
        liveTargets += sessions[session].targets.count - targetsBefore
        if !inOrder {
            giveUp("the target record at line \(line) declares its target earlier than the line touch-downs settled since knew")
        }
    }

    /// Settles every held down of the session: it is retired (any later
    /// record of it ends the one pass) or the capture has ended.
    mutating func settleAll<Sink: DerivedLatencySink>(session: Int, into sink: inout Sink) {
        guard isExact else { return }
        settle(session: session, before: .max, into: &sink)
    }

    /// Frees a retired session's state; a later target record of it gives up.
    mutating func retire(session: Int) {
        guard isExact else { return }
        liveTargets -= sessions[session].targets.count
        sessions.retire(session, keeping: ())
    }

    /// Nothing more is derived (the latencies gave up): frees the state.
    mutating func abandon(_ reason: String) {
        giveUp(reason)
    }

    /// Settles the held downs earlier than `nanos` (all for `.max`).
    private mutating func settle<Sink: DerivedLatencySink>(session: Int, before nanos: Int64, into sink: inout Sink) {
        var failure: String?
        let earliest = Self.update(&sessions[session]) { state -> Int64 in
            var kept = 0
            var earliest = Int64.max
            for index in state.held.indices {
                let down = state.held[index]
                guard down.nanos < nanos || nanos == .max else {
                    state.held[kept] = down
                    kept += 1
                    earliest = min(earliest, down.nanos)
                    continue
                }
                guard failure == nil else { continue }
                switch Self.outcome(of: down, in: state, session: session) {
                case .success(let (outcome, tied)):
                    state.settledThrough = max(state.settledThrough, down.nanos)
                    if tied { state.tiedSettlements += 1 }
                    if let outcome { sink.add(outcome) }
                case .failure(let reason):
                    failure = reason.message
                }
            }
            state.held.removeSubrange(kept...)
            return earliest
        }
        earliestHeld[session] = earliest
        if let failure { giveUp(failure) }
    }

    private struct Unanswerable: Error {
        var message: String
    }

    /// The nearest target at the down, if any is on screen then, and
    /// whether another was as near (the order of declaration decided).
    private static func outcome(of down: Down, in state: SessionOutcomes,
                                session: Int) -> Result<(DerivedOutcome?, tied: Bool), Unanswerable> {
        let (px, py) = (down.x, down.y)
        let targets = state.targets
        let isEarlier = { (a: Int, b: Int) in targets[a].declaredLine < targets[b].declaredLine }
        let found: (index: Int, squared: Double, tied: Bool)?
        // Every target is on screen at its current frame when none has a
        // record after the down: the grid answers.
        if state.latestTargetNanos <= down.nanos,
           let grid = state.grid {
            found = grid.nearest(px, py, isEarlier: isEarlier)
        } else {
            var nearest = NearestTarget()
            for index in targets.indices {
                let target = targets[index]
                if target.firstNanos > down.nanos { continue }
                if target.nanos > down.nanos {
                    return .failure(Unanswerable(message: "the touch-down at line \(down.line) is earlier than a frame read before it replaced"))
                }
                nearest.measure(index, squared: TargetGrid.squaredDistance(from: target.frame, px, py),
                                isEarlier: isEarlier)
            }
            found = nearest.found
        }
        guard let (nearest, nearestSquared, tied) = found else { return .success((nil, false)) }
        let target = targets[nearest]
        let insideHitArea = target.hitArea.contains(px, py)
        let reached = down.hit.map { ExactText($0) == target.id } ?? insideHitArea
        let outcome = DerivedOutcome(session: session, touch: down.touch, target: target.id.string,
                                     distance: TargetGrid.distance(from: target.frame, px, py, squared: nearestSquared),
                                     insideFrame: target.frame.contains(px, py), insideHitArea: insideHitArea,
                                     reached: reached, targetLine: target.line)
        return .success((outcome, tied))
    }

    @inline(__always)
    private static func update<Value, Result>(_ value: inout Value, _ body: (inout Value) -> Result) -> Result {
        body(&value)
    }

    private mutating func giveUp(_ reason: String) {
        guard isExact else { return }
        isExact = false
        inexactReason = reason
        sessions = SessionSlots(fresh: SessionOutcomes())
        earliestHeld = []
        liveTargets = 0
    }
}
