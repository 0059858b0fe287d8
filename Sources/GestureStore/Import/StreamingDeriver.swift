import GestureTrace

/// Derives the latencies of docs/latencies.md in the reading pass, record by
/// record, for captures written in time order.
///
/// Recorders write each session's records as they happen, so when a record
/// arrives every touch-down and transition at or before its time has already
/// been seen: its touch is a binary search among the session's touch-downs,
/// its dispatch latency one dictionary lookup. The earliest delivery of each
/// (touch, target, event, via) and the earliest recognition of each
/// (touch, recognizer) are kept by upserts that keep the earliest, so a
/// small cache is enough to skip most repeats; a row whose key has surely
/// not been stored yet goes in as a plain insert (`StoredKeyFilter`).
///
/// The deriver watches for the orders it cannot answer in one pass (a
/// touch-down at or before a record already associated, a transition at or
/// before a delivery it might have served, a delivery earlier than the
/// latest transition of its recognizer and state, a record of a session
/// retired to keep memory flat). Then `isExact` turns false and it stops
/// deriving; the importer feeds it the stored records again, read back in
/// time order (`StoredRecordReplay`), which it can always answer. Each rule
/// is written here once, whichever way the records come.
///
/// What it settles goes to a `DerivedLatencySink` in the deriver's own
/// terms (session ordinals, lines, the strings of its keys); the import's
/// sink, `ImportBatch`, maps those to rows of the batch at hand.
struct StreamingDeriver {
    /// False once the capture's order defeats the one-pass derivation.
    private(set) var isExact = true
    /// Why `isExact` turned false, for the import summary.
    private(set) var inexactReason: String?
    /// Why the capture is not wholly derived, when it is not: the
    /// latencies' reason, else the false starts', else the outcomes'. The
    /// importer then derives it again from the stored records.
    var incompleteReason: String? { inexactReason ?? starts.inexactReason ?? outcomes.inexactReason }

    /// Set when the records are read back from the store: looks up the
    /// touch-down a record names when that down comes later by time (nil
    /// when the session has no such touch), so the record is settled at
    /// once. Reading a file, such records wait for the end of their
    /// session instead, and too many of them end the one-pass derivation.
    var touchDownReadLater: ((_ session: Int, _ touch: Int64) -> TouchDown?)?

    private let limits: Limits
    /// A retired session keeps its orphan counts and why it was retired.
    private var sessions = SessionSlots<SessionState, RetiredSession>(fresh: SessionState())
    private var liveSessions: [Int] = []
    private var activity = 0
    private var deferredCount = 0
    private var earliestResponses: [ResponseKey: Earliest] = [:]
    private var earliestRecognitions: [RecognitionKey: Earliest] = [:]
    /// 1 MiB each, fixed whatever the capture's size.
    private var storedResponses = StoredKeyFilter()
    private var storedRecognitions = StoredKeyFilter()
    private var starts: FalseStartTracker
    private var outcomes: OutcomeTracker
    /// Each name's `ExactText`, hashed once rather than once a record.
    private var texts = ExactTextCache()

    /// - Parameter startsOverflow: what the false starts' pairs past
    ///   `limits.startPairs` become: settled at once while reading a file,
    ///   set aside (exact whatever comes later) from the stored records.
    init(limits: Limits = Limits(), startsOverflow: FalseStartTracker.Overflow = .settle) {
        self.limits = limits
        starts = FalseStartTracker(limit: limits.startPairs, overflow: startsOverflow)
        outcomes = OutcomeTracker(heldDowns: limits.heldDowns)
    }

    /// Starts the next session of the capture; its ordinal is the number
    /// of sessions added before it.
    mutating func addSession<Sink: DerivedLatencySink>(into sink: inout Sink) {
        guard isExact else { return }
        sessions.append(SessionState())
        outcomes.addSession()
        if liveSessions.count >= limits.liveSessions, let oldest = leastRecentlyActive(except: nil) {
            retire(liveSessions.remove(at: oldest), into: &sink)
        }
        liveSessions.append(sessions.count - 1)
        sessions[sessions.count - 1].lastActive = activity
    }

    /// Reads a touch-down (a `began`) of the session at (`x`, `y`), with
    /// the target its hit-test chose, if recorded.
    mutating func touchBegan<Sink: DerivedLatencySink>(session: Int, touch: Int64, downNanos: Int64,
                                                        region: ScreenRegion?, line: Int, x: Double, y: Double,
                                                        hit: String?, into sink: inout Sink) {
        guard activate(session, line: line) else { return }
        let down = TouchDown(nanos: downNanos, touch: touch, region: region)
        if downNanos <= sessions[session].latestAssociated {
            return giveUp("a touch-down at line \(line) is at or before a record already associated by time")
        }
        outcomes.touchDown(session: session, touch: touch, nanos: downNanos, line: line, x: x, y: y, hit: hit,
                           into: &sink)
        sessions[session].touchDownByID[touch] = down
        if let last = sessions[session].touchDowns.last, down.isBefore(last) {
            let index = Self.firstIndex(in: sessions[session].touchDowns) { down.isBefore($0) }
            sessions[session].touchDowns.insert(down, at: index)
        } else {
            sessions[session].touchDowns.append(down)
        }
    }

    /// Reads a delivery of the session with that ordinal, at that line.
    mutating func delivery<Sink: DerivedLatencySink>(_ record: DeliveryRecord, session: Int, line: Int,
                                                      into sink: inout Sink) {
        guard activate(session, line: line) else { return }
        outcomes.advance(session: session, to: record.timeNanos, into: &sink)
        let target = texts.text(record.target)
        let event = texts.text(record.event)
        let key = StateKey(target: target, state: event)
        var transitionNanos: Int64?
        // One exclusive access to the session's state: reading through
        // `sessions[session].field` copies the whole state (a retain and a
        // release of each of its collections) on every record.
        let found = Self.update(&sessions[session]) { state -> Owner? in
            let inOrder = Self.update(&state.latest[key, default: Latest()]) { latest -> Bool in
                if latest.transition != .min {
                    guard latest.transition <= record.timeNanos else { return false }
                    transitionNanos = latest.transition
                }
                Self.raise(&latest.delivery, to: record.timeNanos)
                return true
            }
            guard inOrder else { return nil }
            return Self.owner(in: &state, named: record.touch, at: record.timeNanos)
        }
        guard let found else {
            return giveUp("the delivery at line \(line) is earlier than a transition of its target read before it")
        }

        switch found {
        case .touch(let owner):
            settle(record, target: target, event: event, session: session, line: line, owner: owner,
                   transitionNanos: transitionNanos, into: &sink)
        case .none:
            settleOrphan(record, session: session, line: line, transitionNanos: transitionNanos, into: &sink)
        case .notSeenYet:
            settleOrDefer(.delivery(record, line: line, transitionNanos: transitionNanos), session: session,
                          into: &sink)
        }
    }

    /// Reads a transition of the session with that ordinal, at that line.
    mutating func transition<Sink: DerivedLatencySink>(_ record: TransitionRecord, session: Int, line: Int,
                                                        into sink: inout Sink) {
        guard activate(session, line: line) else { return }
        outcomes.advance(session: session, to: record.timeNanos, into: &sink)
        let recognizer = texts.text(record.recognizer)
        let key = StateKey(target: recognizer, state: texts.text(record.to.rawValue))
        let found = Self.update(&sessions[session]) { state -> Owner? in
            let inOrder = Self.update(&state.latest[key, default: Latest()]) { latest -> Bool in
                if record.timeNanos <= latest.delivery { return false }
                Self.raise(&latest.transition, to: record.timeNanos)
                return true
            }
            guard inOrder else { return nil }
            return Self.owner(in: &state, named: record.touch, at: record.timeNanos)
        }
        guard let found else {
            return giveUp("the transition at line \(line) is at or before a delivery of its recognizer read before it")
        }

        switch found {
        case .touch(let owner):
            settle(record, recognizer: recognizer, session: session, line: line, owner: owner, into: &sink)
        case .none:
            sessions[session].orphanTransitions += 1
        case .notSeenYet:
            settleOrDefer(.transition(record, line: line), session: session, into: &sink)
        }
    }

    /// Reads a target record of the session with that ordinal, at that line:
    /// it counts for outcomes only. `declaredLine`, when the caller knows it, is the line
    /// of the target's first record in the file (see ``OutcomeTracker``).
    mutating func target<Sink: DerivedLatencySink>(_ record: TargetRecord, session: Int, line: Int,
                                                    declaredLine: Int? = nil, into sink: inout Sink) {
        guard isExact else { return }
        if !sessions.isRetired(session) {
            activity += 1
            sessions[session].lastActive = activity
        }
        outcomes.target(record, session: session, line: line, declaredLine: declaredLine, into: &sink)
        while isExact, outcomes.liveTargets > limits.liveTargets, let oldest = leastRecentlyActive(except: session) {
            let retiring = liveSessions.remove(at: oldest)
            retire(retiring, into: &sink)
            sessions[retired: retiring].forTargets = true
        }
    }

    /// The place in `liveSessions` of the live session least recently
    /// active, other than `kept`; nil when there is none.
    private func leastRecentlyActive(except kept: Int?) -> Int? {
        var oldest: Int?
        for (place, session) in liveSessions.enumerated() where session != kept {
            if oldest.map({ sessions[session].lastActive < sessions[liveSessions[$0]].lastActive }) ?? true {
                oldest = place
            }
        }
        return oldest
    }

    /// Settles the records that named a touch not seen when they were read,
    /// and counts each session's orphans. Call once, after the last record.
    mutating func finish<Sink: DerivedLatencySink>(into sink: inout Sink) {
        for session in liveSessions where isExact {
            settleDeferred(of: session, into: &sink)
            outcomes.settleAll(session: session, into: &sink)
        }
        guard isExact else { return }
        starts.settleAll(into: &sink)
        // A retired session's orphans were counted when it retired.
        for session in 0..<sessions.count where !sessions.isRetired(session) {
            sink.addOrphans(session: session, deliveries: sessions[session].orphanDeliveries,
                            transitions: sessions[session].orphanTransitions)
        }
    }

    /// Marks the session active; false when nothing more is derived.
    private mutating func activate(_ session: Int, line: Int) -> Bool {
        guard isExact else { return false }
        guard !sessions.isRetired(session) else {
            giveUp(sessions[retired: session].forTargets
                ? "the record at line \(line) resumes a session retired when the sessions read held more than \(limits.liveTargets) targets"
                : "the record at line \(line) resumes a session after \(limits.liveSessions) others had started")
            return false
        }
        activity += 1
        sessions[session].lastActive = activity
        return true
    }

    private enum Owner {
        case touch(TouchDown)
        case none
        case notSeenYet
    }

    /// The touch a record belongs to: the one it names, else the latest
    /// touch-down at or before its time (equal downs: the higher touch id).
    private static func owner(in state: inout SessionState, named: Int64?, at nanos: Int64) -> Owner {
        if let named {
            guard let down = state.touchDownByID[named] else { return .notSeenYet }
            return .touch(down)
        }
        state.latestAssociated = max(state.latestAssociated, nanos)
        let downs = state.touchDowns
        // The owner is the last entry not later than `nanos`.
        let later = Self.firstIndex(in: downs) { $0.nanos > nanos }
        guard later > 0 else { return .none }
        return .touch(downs[later - 1])
    }

    /// Raises `latest` to `nanos` if it is later. Passed `inout` through a
    /// dictionary's default subscript, the entry is found once, not twice.
    @inline(__always)
    private static func raise(_ latest: inout Int64, to nanos: Int64) {
        if nanos > latest { latest = nanos }
    }

    /// Runs `body` on a value in place (a session's state, a dictionary
    /// entry through its default subscript: found once, not twice).
    @inline(__always)
    private static func update<Value, Result>(_ value: inout Value, _ body: (inout Value) -> Result) -> Result {
        body(&value)
    }

    /// Whether a candidate at (nanos, line) is the earliest of its key so
    /// far, noting it if so. One lookup while the cache has room; when full
    /// it starts over, as before.
    @inline(__always)
    private static func noteEarliest<Key: Hashable>(_ key: Key, nanos: Int64, line: Int,
                                                    in cache: inout [Key: Earliest], limit: Int) -> Bool {
        if cache.count < limit {
            return update(&cache[key, default: Earliest(nanos: .max, line: .max)]) { earliest in
                if earliest.isAtOrBefore(nanos, line: line) { return false }
                earliest = Earliest(nanos: nanos, line: line)
                return true
            }
        }
        if let earliest = cache[key], earliest.isAtOrBefore(nanos, line: line) { return false }
        cache.removeAll(keepingCapacity: true)
        cache[key] = Earliest(nanos: nanos, line: line)
        return true
    }

    /// The first entry of the sorted touch-downs for which `isLater` holds
    /// (it holds for every entry after it), by binary search.
    private static func firstIndex(in downs: [TouchDown], where isLater: (TouchDown) -> Bool) -> Int {
        var low = 0
        var high = downs.count
        while low < high {
            let middle = (low + high) / 2
            if isLater(downs[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The reader refuses any `t` outside ±2^62 ns, so the difference of two
    /// accepted times always fits and this never gives up on a capture; it
    /// stays so that records made some other way cannot trap here.
    private mutating func fits(_ later: Int64, minus earlier: Int64, line: Int) -> Bool {
        guard later.subtractingReportingOverflow(earlier).overflow else { return true }
        giveUp("the latency at line \(line) does not fit 64-bit nanoseconds")
        return false
    }

    private mutating func settle<Sink: DerivedLatencySink>(_ record: DeliveryRecord, target: ExactText,
                                                            event: ExactText, session: Int, line: Int,
                                                            owner: TouchDown, transitionNanos: Int64?,
                                                            into sink: inout Sink) {
        let nanos = record.timeNanos
        guard fits(nanos, minus: owner.nanos, line: line),
              fits(nanos, minus: transitionNanos ?? nanos, line: line) else { return }
        if let role = FalseStarts.role(ofDelivered: record.event) {
            starts.add(FalseStarts.Event(role: role, nanos: nanos, name: event, line: line),
                       session: session, touch: owner.touch, target: target, into: &sink)
        }
        if let transitionNanos {
            sink.add(dispatch(record, session: session, line: line, owner: owner, transitionNanos: transitionNanos))
        }
        let key = ResponseKey(session: session, touch: owner.touch, target: target, event: event,
                              via: texts.text(record.via))
        guard Self.noteEarliest(key, nanos: nanos, line: line, in: &earliestResponses, limit: limits.cache) else {
            return
        }
        sink.add(DerivedResponse(key: key, timeNanos: nanos, downNanos: owner.nanos, line: line, region: owner.region,
                                 mayBeStored: storedResponses.insert(hash: key.filterHash)))
    }

    private mutating func settle<Sink: DerivedLatencySink>(_ record: TransitionRecord, recognizer: ExactText,
                                                            session: Int, line: Int, owner: TouchDown,
                                                            into sink: inout Sink) {
        let nanos = record.timeNanos
        if let role = FalseStarts.role(ofTransitionTo: record.to) {
            starts.add(FalseStarts.Event(role: role, nanos: nanos, name: texts.text(record.to.rawValue), line: line),
                       session: session, touch: owner.touch, target: recognizer, into: &sink)
        }
        guard record.to == .began || record.to == .recognized, fits(nanos, minus: owner.nanos, line: line) else {
            return
        }
        let key = RecognitionKey(session: session, touch: owner.touch, recognizer: recognizer)
        guard Self.noteEarliest(key, nanos: nanos, line: line, in: &earliestRecognitions, limit: limits.cache) else {
            return
        }
        sink.add(DerivedRecognition(key: key, recognizerClass: record.recognizerClass, state: record.to,
                                    timeNanos: nanos, downNanos: owner.nanos, line: line, region: owner.region,
                                    mayBeStored: storedRecognitions.insert(hash: key.filterHash)))
    }

    /// A delivery of no touch: counted, and still dispatched if it can be.
    private mutating func settleOrphan<Sink: DerivedLatencySink>(_ record: DeliveryRecord, session: Int, line: Int,
                                                                  transitionNanos: Int64?, into sink: inout Sink) {
        sessions[session].orphanDeliveries += 1
        if let transitionNanos, fits(record.timeNanos, minus: transitionNanos, line: line) {
            sink.add(dispatch(record, session: session, line: line, owner: nil, transitionNanos: transitionNanos))
        }
    }

    private func dispatch(_ record: DeliveryRecord, session: Int, line: Int, owner: TouchDown?,
                          transitionNanos: Int64) -> DerivedDispatch {
        DerivedDispatch(session: session, target: record.target, event: record.event, via: record.via,
                        timeNanos: record.timeNanos, line: line, touch: owner?.touch,
                        transitionNanos: transitionNanos, region: owner?.region)
    }

    /// A record naming a touch not read yet: settled now when the down can
    /// be looked up (`touchDownReadLater`), else held for the end of its
    /// session.
    private mutating func settleOrDefer<Sink: DerivedLatencySink>(_ record: Deferred, session: Int,
                                                                   into sink: inout Sink) {
        guard let lookUp = touchDownReadLater else {
            guard deferredCount < limits.deferred else {
                return giveUp("more than \(limits.deferred) records name a touch before its touch-down")
            }
            deferredCount += 1
            sessions[session].deferred.append(record)
            return
        }
        settle(record, owner: record.touch.flatMap { lookUp(session, $0) }, session: session, into: &sink)
    }

    /// Settles a session's deferred records: its touches are all known now,
    /// since any later record of it ends the one-pass derivation.
    private mutating func settleDeferred<Sink: DerivedLatencySink>(of session: Int, into sink: inout Sink) {
        let deferred = sessions[session].deferred
        sessions[session].deferred = []
        deferredCount -= deferred.count
        for record in deferred {
            let owner = record.touch.flatMap { sessions[session].touchDownByID[$0] }
            settle(record, owner: owner, session: session, into: &sink)
        }
    }

    /// Settles a record that named its touch, with that touch's down (nil:
    /// the session has no such touch, and the record is an orphan).
    private mutating func settle<Sink: DerivedLatencySink>(_ deferred: Deferred, owner: TouchDown?, session: Int,
                                                            into sink: inout Sink) {
        switch deferred {
        case .delivery(let record, let line, let transitionNanos):
            if let owner {
                settle(record, target: texts.text(record.target), event: texts.text(record.event),
                       session: session, line: line, owner: owner, transitionNanos: transitionNanos,
                       into: &sink)
            } else {
                settleOrphan(record, session: session, line: line, transitionNanos: transitionNanos, into: &sink)
            }
        case .transition(let record, let line):
            if let owner {
                settle(record, recognizer: texts.text(record.recognizer), session: session, line: line,
                       owner: owner, into: &sink)
            } else {
                sessions[session].orphanTransitions += 1
            }
        }
    }

    /// Settles a session and frees its state. Its orphan counts are final
    /// (a later record of it ends the one-pass derivation), so they are
    /// handed over now rather than kept until the end: a capture of many
    /// short sessions then holds no row per session at its end.
    private mutating func retire<Sink: DerivedLatencySink>(_ session: Int, into sink: inout Sink) {
        settleDeferred(of: session, into: &sink)
        starts.settle(session: session, into: &sink)
        starts.forget(session: session)
        outcomes.settleAll(session: session, into: &sink)
        outcomes.retire(session: session)
        sink.addOrphans(session: session, deliveries: sessions[session].orphanDeliveries,
                        transitions: sessions[session].orphanTransitions)
        sessions.retire(session, keeping: RetiredSession())
    }

    /// Stops deriving, for `reason`: what was settled stands, and the
    /// caller derives the capture some other way.
    mutating func giveUp(_ reason: String) {
        isExact = false
        inexactReason = reason
        outcomes.abandon(reason)
        // Nothing more will be derived here: free what was kept.
        sessions = SessionSlots(fresh: SessionState())
        liveSessions = []
        earliestResponses = [:]
        earliestRecognitions = [:]
        storedResponses = StoredKeyFilter(bits: 64)
        storedRecognitions = StoredKeyFilter(bits: 64)
    }
}
