import Foundation
import GestureTrace

/// Reads, validates and prepares a capture on a thread of its own while the
/// importer inserts: JSON parsing, row preparation and latency derivation
/// overlap SQLite's work on two cores.
///
/// Rows travel in batches through a small bounded queue, so memory stays
/// flat however large the file: when SQLite falls behind, the reader waits.
/// A thread that would wait first does `idleWork` while there is some (the
/// importer hands it the capture's digest), so work that neither thread
/// needs is done by the one that has time for it.
final class RecordPipeline: @unchecked Sendable {
    enum Message {
        case batch(ImportBatch)
        case failed(TraceError)
        /// The last batch has been sent; `finishedDeriver` tells whether the
        /// latencies it carried are the capture's.
        case finished
    }

    private static let batchSize = 4_096
    /// A sorted run is as long as the queue (`SortedRecordRun.defaultRecords`
    /// says why): with fewer, a large shuffled capture imported more slowly;
    /// with more, it went over its memory bound (BENCHMARKS.md).
    private static let queuedBatches = 12
    /// The records the queue holds when full: how far the reader can read
    /// ahead while the inserting thread is busy with one long piece of work.
    static let queuedRecords = batchSize * queuedBatches

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [Message] = []
    private var cancelled = false
    private var producerDone = false
    // Owned by the reading thread until `producerDone`, then by the caller.
    private var reader: TraceReader
    private var builder: BatchBuilder
    private var readerCPUSeconds = 0.0
    /// Does one piece of work for a thread that would otherwise wait, and
    /// says whether there was any.
    private let idleWork: @Sendable () -> Bool

    init(reader: TraceReader, limits: StreamingDeriver.Limits, idleWork: @escaping @Sendable () -> Bool = { false }) {
        self.reader = reader
        builder = BatchBuilder(limits: limits)
        self.idleWork = idleWork
    }

    func start() {
        let thread = Thread { [self] in produce() }
        thread.name = "gesturelab capture reader"
        thread.start()
    }

    /// The next message; blocks until the reader has one.
    func next() -> Message {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty {
            // Idle work lets go of the lock, and a batch queued meanwhile
            // was announced to no one: look again before waiting.
            if doIdleWork() || !queue.isEmpty { continue }
            condition.wait()
        }
        let message = queue.removeFirst()
        condition.broadcast()
        return message
    }

    /// Stops the reader (if it still runs) and waits for it: afterwards the
    /// reader's state and the bytes it consumed are the caller's.
    func stop() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !producerDone { condition.wait() }
        condition.unlock()
    }

    /// What the reading thread leaves, once `stop()` has returned: the
    /// reader, for its counts and header; the one-pass derivation, which
    /// says whether the latencies the batches carried are exact; and the
    /// CPU seconds the thread used.
    var finished: (reader: TraceReader, deriver: StreamingDeriver, cpuSeconds: Double) {
        condition.lock()
        defer { condition.unlock() }
        precondition(producerDone, "RecordPipeline.finished before stop()")
        return (reader, builder.deriver, readerCPUSeconds)
    }

    private func produce() {
        // The loop works on locals: `reader` and `builder` are stored
        // properties of a class, and each mutating call through them is a
        // dynamically checked exclusive access (two a record). They are put
        // back before `finish()` hands them to the caller.
        let startingCPU = ThreadCPUTime.seconds()
        var reader = self.reader
        var builder = self.builder
        produce(reader: &reader, builder: &builder)
        self.reader = reader
        self.builder = builder
        readerCPUSeconds = ThreadCPUTime.seconds() - startingCPU
        finish()
    }

    private func produce(reader: inout TraceReader, builder: inout BatchBuilder) {
        var batch = ImportBatch()
        batch.reserveCapacity(items: Self.batchSize)
        var bytesRead = reader.bytesRead
        do {
            while let item = try reader.next() {
                if reader.bytesRead != bytesRead {
                    // New bytes to hash: a waiting inserter may take them.
                    bytesRead = reader.bytesRead
                    condition.lock()
                    condition.broadcast()
                    condition.unlock()
                }
                builder.add(item, session: reader.sessionOfLastItem, to: &batch)
                if batch.itemCount == Self.batchSize {
                    seal(&batch, reader: reader, builder: builder)
                    guard push(.batch(batch)) else { return }
                    batch = ImportBatch()
                    batch.reserveCapacity(items: Self.batchSize)
                }
            }
            builder.finish(into: &batch)
            seal(&batch, reader: reader, builder: builder)
            if !push(.batch(batch)) { return }
            _ = push(.finished)
        } catch {
            _ = push(.failed(error))
        }
    }

    /// Marks a batch with how far the reader got and whether its latencies
    /// are exact. A batch whose latencies are not goes into a sorted run
    /// (`SortedRecordRun`), so its records are sorted here, on the thread
    /// with time to spare: the standard library's sort finds ascending runs
    /// and merges them, so the inserting thread then merges sorted batches
    /// rather than sorting a run from scratch.
    private func seal(_ batch: inout ImportBatch, reader: TraceReader, builder: BatchBuilder) {
        batch.bytesRead = reader.bytesRead
        batch.isDerivationExact = builder.deriver.isExact
        if !batch.isDerivationExact { batch.sortRecordsByKey() }
    }

    /// Queues a message, waiting while the queue is full. False when cancelled.
    private func push(_ message: Message) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= Self.queuedBatches, !cancelled {
            if doIdleWork() || queue.count < Self.queuedBatches || cancelled { continue }
            condition.wait()
        }
        guard !cancelled else { return false }
        queue.append(message)
        condition.broadcast()
        return true
    }

    /// Runs one piece of `idleWork` with the lock let go; call holding it.
    /// What the lock guards may have changed when it returns, with the
    /// broadcast that said so already sent: check again before waiting.
    private func doIdleWork() -> Bool {
        condition.unlock()
        defer { condition.lock() }
        return idleWork()
    }

    private func finish() {
        condition.lock()
        producerDone = true
        condition.broadcast()
        condition.unlock()
    }
}
