import Foundation
import GestureTrace

/// Runs the replay's `StreamingDeriver` on a thread of its own, so that
/// deriving overlaps SQLite's work on the importing thread.
///
/// The replay reads the stored records back and inserts the derived rows;
/// between the two, deriving is work of its own, which the reading pass
/// does beside SQLite and the replay did after it on one thread, while the
/// other core sat idle. Here the importing thread hands the deriver chunks
/// of records (`send`) and inserts the batches of derived rows it hands
/// back while `send` and `finish` wait; only the importing thread touches
/// the database.
/// A record naming a touch whose down comes later by time is the one
/// question the deriver asks of the store: it is passed to the importing
/// thread (`touchDownReadLater`), which answers it from the store between
/// records and chunks while the deriver waits.
///
///     let thread = ReplayDeriverThread(deriver: deriver) { try inserter.insert($0, derived: true) }
///     thread.start(lookUp: laterDowns.down)
///     try thread.send(chunk)                 // as many times as there are chunks
///     let (deriver, cpu) = try thread.finish()  // every row inserted
final class ReplayDeriverThread: @unchecked Sendable {
    /// What the deriver reads, in the order the replay merges the records.
    enum Item {
        case session
        case touchDown(session: Int, touch: Int64, nanos: Int64, region: ScreenRegion?, line: Int,
                       x: Double, y: Double, hit: String?)
        case transition(TransitionRecord, session: Int, line: Int)
        case delivery(DeliveryRecord, session: Int, line: Int)
        case target(TargetRecord, session: Int, line: Int, declaredLine: Int?)
        case giveUp(String)
    }

    /// Records a chunk holds, and chunks the queue holds, before the
    /// importing thread waits for the deriver.
    static let itemsPerChunk = 2_048
    private static let queuedChunks = 4
    /// Derived rows a batch holds before it goes back to be inserted.
    private static let rowsPerBatch = 8_192

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var chunks: [[Item]] = []
    private var sentAll = false
    private var cancelled = false
    private var ready: [ImportBatch] = []
    private var question: (session: Int, touch: Int64)?
    private var answer: StreamingDeriver.TouchDown??
    private var finished = false
    private var deriverGaveUp = false
    // Owned by the deriving thread until `finished`.
    private var deriver: StreamingDeriver
    private var deriverCPUSeconds = 0.0
    // Called on the importing thread only.
    private let insert: (ImportBatch) throws -> Void
    private var lookUp: ((Int, Int64) -> StreamingDeriver.TouchDown?)?

    init(deriver: StreamingDeriver, insert: @escaping (ImportBatch) throws -> Void) {
        self.deriver = deriver
        self.insert = insert
    }

    /// Starts the deriving thread; `lookUp` answers its questions, called
    /// on the importing thread only.
    func start(lookUp: @escaping (Int, Int64) -> StreamingDeriver.TouchDown?) {
        self.lookUp = lookUp
        deriver.touchDownReadLater = { [unowned self] in ask(session: $0, touch: $1) }
        let thread = Thread { [self] in derive() }
        thread.name = "gesturelab replay deriver"
        thread.start()
    }

    /// Whether the deriver has given up: what is sent after is not read.
    var hasGivenUp: Bool {
        condition.lock()
        defer { condition.unlock() }
        return deriverGaveUp
    }

    /// Queues a chunk, meanwhile answering the deriver and inserting what
    /// it derived.
    func send(_ chunk: [Item]) throws {
        try serve(until: { $0.chunks.count < Self.queuedChunks })
        condition.lock()
        chunks.append(chunk)
        condition.broadcast()
        condition.unlock()
    }

    /// Answers a question the deriver is waiting on, if any: call between
    /// records, so that it does not wait for a whole chunk to be read.
    func answerPending() {
        condition.lock()
        defer { condition.unlock() }
        answerLocked()
    }

    /// Tells the deriver the records are all sent, inserts the rest of
    /// what it derives, and returns it once it has finished, with the CPU
    /// seconds its thread used.
    func finish() throws -> (deriver: StreamingDeriver, cpuSeconds: Double) {
        condition.lock()
        sentAll = true
        condition.broadcast()
        condition.unlock()
        try serve(until: { $0.finished && $0.ready.isEmpty })
        return (deriver, deriverCPUSeconds)
    }

    /// Stops the deriving thread and waits for it, whatever state the
    /// replay is in (it threw): nothing more is inserted, and a question
    /// the deriver is waiting on goes unanswered.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    /// Waits until `done` holds, inserting ready batches and answering
    /// questions meanwhile (with the lock let go while inserting).
    private func serve(until done: (ReplayDeriverThread) -> Bool) throws {
        condition.lock()
        while true {
            answerLocked()
            if !ready.isEmpty {
                let batches = ready
                ready.removeAll()
                condition.broadcast()
                condition.unlock()
                for batch in batches { try insert(batch) }
                condition.lock()
                continue
            }
            if done(self) { break }
            condition.wait()
        }
        condition.unlock()
    }

    /// Answers the deriver's question; call holding the lock. The lookup
    /// reads the store, which only this thread does.
    private func answerLocked() {
        guard let asked = question, answer == nil else { return }
        answer = .some(lookUp?(asked.session, asked.touch))
        condition.broadcast()
    }

    /// On the deriving thread: asks for a touch's later down and waits.
    private func ask(session: Int, touch: Int64) -> StreamingDeriver.TouchDown? {
        condition.lock()
        defer { condition.unlock() }
        question = (session, touch)
        answer = nil
        condition.broadcast()
        while answer == nil, !cancelled { condition.wait() }
        let down = answer ?? nil
        (question, answer) = (nil, nil)
        return down
    }

    private func derive() {
        let startingCPU = ThreadCPUTime.seconds()
        // On a local: each mutating call through a class's stored property
        // is a dynamically checked exclusive access.
        var deriver = self.deriver
        var batch = ImportBatch()
        var handedBack = true
        while handedBack, let chunk = nextChunk() {
            for item in chunk { Self.read(item, by: &deriver, into: &batch) }
            if deriver.isExact, batch.derivedRowCount < Self.rowsPerBatch { continue }
            handedBack = handBack(batch, exact: deriver.isExact)
            batch = ImportBatch()
        }
        // Given up, the capture is refused; cancelled, the replay failed
        // (nextChunk gave nil). Either way what is left is not inserted.
        if handedBack, deriver.isExact, !isCancelled {
            deriver.finish(into: &batch)
            _ = handBack(batch, exact: true)
        }
        deriver.touchDownReadLater = nil
        self.deriver = deriver
        deriverCPUSeconds = ThreadCPUTime.seconds() - startingCPU
        markFinished(exact: deriver.isExact)
    }

    private static func read(_ item: Item, by deriver: inout StreamingDeriver, into batch: inout ImportBatch) {
        switch item {
        case .session:
            deriver.addSession(into: &batch)
        case .touchDown(let session, let touch, let nanos, let region, let line, let x, let y, let hit):
            deriver.touchBegan(session: session, touch: touch, downNanos: nanos, region: region, line: line,
                               x: x, y: y, hit: hit, into: &batch)
        case .transition(let record, let session, let line):
            deriver.transition(record, session: session, line: line, into: &batch)
        case .delivery(let record, let session, let line):
            deriver.delivery(record, session: session, line: line, into: &batch)
        case .target(let record, let session, let line, let declaredLine):
            deriver.target(record, session: session, line: line, declaredLine: declaredLine, into: &batch)
        case .giveUp(let reason):
            if deriver.isExact { deriver.giveUp(reason) }
        }
    }

    private var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// The next chunk, or nil once all are read or the replay is cancelled.
    private func nextChunk() -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty, !sentAll, !cancelled { condition.wait() }
        guard !cancelled, !chunks.isEmpty else { return nil }
        condition.broadcast()
        return chunks.removeFirst()
    }

    /// Hands a batch back to be inserted; false when cancelled.
    private func handBack(_ batch: ImportBatch, exact: Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        deriverGaveUp = !exact
        guard !cancelled else { return false }
        ready.append(batch)
        condition.broadcast()
        return true
    }

    private func markFinished(exact: Bool) {
        condition.lock()
        deriverGaveUp = !exact
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
