import Foundation
import GestureTrace

/// The bounded buffer between the app's thread and the writer, and every
/// piece of recorder state either side reads, behind one lock.
///
/// The app's side (`push`) holds the lock for a bounds check and a 72-byte
/// copy; it never allocates, encodes or waits (unless the recorder was made
/// to wait when full, which only offline writers such as the simulator do).
/// The writer's side takes everything pending at once, so it holds the lock
/// for one copy per wake-up, not one per event.
final class EventRing: @unchecked Sendable {
    /// Guards everything below; also what the writer sleeps on.
    let condition = NSCondition()
    let capacity: Int
    private let mask: Int
    private let slots: UnsafeMutablePointer<RecorderEvent>
    let waitsWhenFull: Bool

    // Counters of events ever pushed (tail) and taken (head).
    private var head = 0
    private var tail = 0

    // The recording.
    private(set) var isRecording = false
    private(set) var currentSession: Int32 = -1
    private(set) var sessions: [SessionRecord] = []
    private var sessionIDs: Set<String> = []
    private var drops = DropTally(session: -1)
    private var closedDrops: [DropTally] = []
    private(set) var ignoredCount = 0
    /// Events ignored while no recording ran: they count towards the next
    /// recording too, which is when an app reads its summary.
    private var ignoredWhileIdle = 0
    /// Touch `began`s dropped since the writer last took, so that it can
    /// tell a touch that lost its `began` from one that began elsewhere.
    /// Reserved up front: the app's side never grows it.
    private var droppedBegans: [DroppedBegan] = []
    private static let droppedBeganLimit = 1_024
    /// The first session in which more `began`s were dropped than that.
    private var untrackedSince: Int32?
    private(set) var droppedCount = 0
    private(set) var writtenCount = 0
    var failure: RecorderError?

    // Flushing and stopping.
    private var flushTarget = 0
    private var writtenThrough = 0
    private var stopRequested = false
    private var writerStopped = true

    // Names, kept across recordings so that handles stay valid.
    private(set) var names: [String] = RecorderName.builtIn
    private var nameIndices: [String: UInt32] = Dictionary(
        uniqueKeysWithValues: RecorderName.builtIn.enumerated().map { ($1, UInt32($0)) })

    /// - Parameter capacity: rounded up to a power of two, at least 2.
    init(capacity: Int, waitsWhenFull: Bool) {
        var size = 2
        while size < capacity { size <<= 1 }
        self.capacity = size
        mask = size - 1
        slots = .allocate(capacity: size)
        self.waitsWhenFull = waitsWhenFull
        droppedBegans.reserveCapacity(Self.droppedBeganLimit)
    }

    deinit {
        slots.deallocate()
    }

    // MARK: The app's side

    /// Hands one event over, stamped with the current session; outside a
    /// session (or after a write failure) it is ignored and counted.
    @inline(__always)
    func push(_ event: RecorderEvent) {
        condition.lock()
        guard currentSession >= 0, failure == nil else {
            countIgnored(1)
            condition.unlock()
            return
        }
        var event = event
        event.session = currentSession
        if tail - head == capacity {
            guard waitsWhenFull else {
                drops.add(event)
                droppedCount += 1
                if event.kind == .touch, event.code == Self.beganCode { noteDroppedBegan(event) }
                condition.unlock()
                return
            }
            waitForSpace()
        }
        slots[tail & mask] = event
        tail += 1
        // Wake the writer once per fill rather than once per event.
        let wake = tail - head == capacity / 2
        condition.unlock()
        if wake { condition.broadcast() }
    }

    /// Counts events that cannot be recorded (a touch at a non-finite
    /// position, a touch first seen after its `began`).
    func ignore(_ count: Int = 1) {
        condition.lock()
        countIgnored(count)
        condition.unlock()
    }

    /// With the lock held.
    private func countIgnored(_ count: Int) {
        ignoredCount += count
        if !isRecording { ignoredWhileIdle += count }
    }

    /// A touch `began` the full buffer dropped, as the writer learns of it.
    struct DroppedBegan: Equatable {
        var session: Int32
        var touch: Int64
    }

    private static let beganCode = TouchPhase.began.code

    /// With the lock held. Past the limit the touches go unnamed and the
    /// session is marked instead, so nothing on this side allocates.
    private func noteDroppedBegan(_ event: RecorderEvent) {
        if droppedBegans.count < Self.droppedBeganLimit {
            droppedBegans.append(DroppedBegan(session: event.session, touch: event.touch))
        } else {
            untrackedSince = min(untrackedSince ?? event.session, event.session)
        }
    }

    /// With the lock held: waits until the writer makes room for `count`
    /// events (or has stopped).
    private func waitForSpace(_ count: Int = 1) {
        while capacity - (tail - head) < count, !writerStopped {
            condition.broadcast()
            condition.wait()
        }
        // No writer left: nothing will read the oldest anyway.
        if capacity - (tail - head) < count { head = tail + count - capacity }
    }

    /// With the lock held: appends events that must not be dropped, next
    /// to each other, waiting for room when the buffer is full. A session
    /// is never dropped (its events would have nowhere to go), nor a
    /// target record (a `hit` naming it would make the capture unreadable).
    private func appendKept(_ event: RecorderEvent, _ continuation: RecorderEvent? = nil) {
        let count = continuation == nil ? 1 : 2
        if capacity - (tail - head) < count { waitForSpace(count) }
        slots[tail & mask] = event
        tail += 1
        if let continuation {
            slots[tail & mask] = continuation
            tail += 1
        }
    }

    // MARK: Targets

    /// The declared targets, guarded by `condition`.
    var targetTable = TargetTable()

    /// With the lock held: writes the record of the target in `slot` as it
    /// is now into the current session, when one is running.
    func appendTargetRecord(slot: Int) {
        guard currentSession >= 0, failure == nil, let events = targetTable.events(slot: slot) else { return }
        var record = events.record
        record.session = currentSession
        var hitArea = events.hitArea
        hitArea?.session = currentSession
        appendKept(record, hitArea)
    }

    func register(_ name: String) -> RecorderName {
        let name = name.isEmpty ? "unnamed" : name
        condition.lock()
        defer { condition.unlock() }
        if let index = nameIndices[name] { return RecorderName(index: index) }
        let index = UInt32(names.count)
        names.append(name)
        nameIndices[name] = index
        return RecorderName(index: index)
    }

    // MARK: The recording's lifecycle

    static let alreadyRecording = RecorderError(.alreadyRecording, "a recording is already running; finish it first")

    /// Starts a recording: counts reset (but for events ignored since the
    /// last one stopped), a writer about to run.
    func open() throws(RecorderError) {
        condition.lock()
        defer { condition.unlock() }
        guard !isRecording else { throw Self.alreadyRecording }
        isRecording = true
        head = 0
        tail = 0
        currentSession = -1
        sessions = []
        sessionIDs = []
        drops = DropTally(session: -1)
        closedDrops = []
        droppedBegans.removeAll(keepingCapacity: true)
        untrackedSince = nil
        ignoredCount = ignoredWhileIdle
        ignoredWhileIdle = 0
        droppedCount = 0
        writtenCount = 0
        failure = nil
        flushTarget = 0
        writtenThrough = 0
        stopRequested = false
        writerStopped = false
    }

    /// Ends the current session, if any, and starts `record`'s.
    func beginSession(_ record: SessionRecord) throws(RecorderError) {
        condition.lock()
        defer { condition.unlock() }
        guard isRecording, !stopRequested else {
            throw RecorderError(.notRecording, "cannot start session \"\(record.id)\": no recording is running")
        }
        guard sessionIDs.insert(record.id).inserted else {
            throw RecorderError(.duplicateSession,
                                "cannot start session \"\(record.id)\": this recording already has a session with that id")
        }
        closeDrops()
        sessions.append(record)
        let index = Int32(sessions.count - 1)
        appendKept(RecorderEvent(kind: .sessionStart, session: index))
        currentSession = index
        drops = DropTally(session: index)
        // Every session says where each placed target is, so that its
        // touches' `hit`s name targets it declares.
        for slot in targetTable.declaredSlots { appendTargetRecord(slot: slot) }
    }

    /// Events from now on are ignored until the next session starts.
    func endSession() {
        condition.lock()
        closeDrops()
        currentSession = -1
        condition.unlock()
    }

    /// With the lock held: the current session's drops become a record to
    /// write, and counting starts afresh.
    private func closeDrops() {
        guard drops.count > 0 else { return }
        closedDrops.append(drops)
        drops = DropTally(session: currentSession)
    }

    /// Waits until everything handed over before the call is in the file.
    func flush(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        guard isRecording else { return false }
        let target = tail
        flushTarget = max(flushTarget, target)
        condition.broadcast()
        while writtenThrough < target, !writerStopped {
            if !condition.wait(until: deadline) { return false }
        }
        return failure == nil && writtenThrough >= target
    }

    /// Asks the writer to write out everything and stop, and waits for it.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        guard isRecording else { return }
        closeDrops()
        currentSession = -1
        stopRequested = true
        condition.broadcast()
        while !writerStopped { condition.wait() }
        isRecording = false
    }

    // MARK: The writer's side

    /// What the writer takes in one wake-up.
    struct Batch {
        var names: [String] = []
        var sessions: [SessionRecord] = []
        var drops: [DropTally] = []
        /// Touch `began`s dropped since the last batch.
        var droppedBegans: [DroppedBegan] = []
        /// Sessions from this one to the last started may have dropped
        /// `began`s not in `droppedBegans`.
        var untrackedSince: Int32?
        /// Events handed over up to here are in this batch or earlier ones.
        var through = 0
        var isLast = false
    }

    /// Waits up to `interval` for work, then takes every pending event into
    /// `events` (reusing its storage) and the state needed to encode them.
    func take(into events: inout [RecorderEvent], waitingUpTo interval: TimeInterval) -> Batch {
        let deadline = Date(timeIntervalSinceNow: interval)
        condition.lock()
        defer { condition.unlock() }
        while head == tail, !stopRequested, flushTarget <= writtenThrough {
            if !condition.wait(until: deadline) { break }
        }
        events.removeAll(keepingCapacity: true)
        while head < tail {
            events.append(slots[head & mask])
            head += 1
        }
        closeDrops()
        var batch = Batch(names: names, sessions: sessions, drops: closedDrops, through: tail,
                          isLast: stopRequested)
        closedDrops.removeAll()
        if !droppedBegans.isEmpty {
            // Copied rather than shared, so that emptying keeps the app's
            // side its reserved storage.
            batch.droppedBegans.append(contentsOf: droppedBegans)
            droppedBegans.removeAll(keepingCapacity: true)
        }
        batch.untrackedSince = untrackedSince
        untrackedSince = nil
        condition.broadcast()  // room for a producer waiting when full
        return batch
    }

    /// The writer has written (and flushed) everything through `through`.
    func written(through: Int, records: Int, dropped: Int, ignored: Int, failure: RecorderError?) {
        condition.lock()
        writtenThrough = max(writtenThrough, through)
        writtenCount += records
        droppedCount += dropped
        ignoredCount += ignored
        if let failure, self.failure == nil { self.failure = failure }
        condition.broadcast()
        condition.unlock()
    }

    func writerDidStop() {
        condition.lock()
        writerStopped = true
        condition.broadcast()
        condition.unlock()
    }
}
