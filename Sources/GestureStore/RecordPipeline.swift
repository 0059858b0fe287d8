import Foundation
import GestureTrace

/// Reads and validates a capture on a thread of its own while the importer
/// inserts: JSON parsing and SQLite's work overlap on two cores.
///
/// Items travel in batches through a small bounded queue, so memory stays
/// flat however large the file: when SQLite falls behind, the reader waits.
final class RecordPipeline: @unchecked Sendable {
    enum Message {
        case items([TraceReader.Item], bytesRead: Int64)
        case failed(TraceError)
        case finished
    }

    private static let batchSize = 4_096
    private static let queuedBatches = 8

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [Message] = []
    private var cancelled = false
    private var producerDone = false
    // Owned by the reading thread until `producerDone`, then by the caller.
    private var reader: TraceReader

    init(reader: TraceReader) {
        self.reader = reader
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
        while queue.isEmpty { condition.wait() }
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

    /// The reader, for its counts and header, once `stop()` has returned.
    var finishedReader: TraceReader {
        condition.lock()
        defer { condition.unlock() }
        precondition(producerDone, "RecordPipeline.finishedReader before stop()")
        return reader
    }

    private func produce() {
        var batch: [TraceReader.Item] = []
        batch.reserveCapacity(Self.batchSize)
        do {
            while let item = try reader.next() {
                batch.append(item)
                if batch.count == Self.batchSize {
                    guard push(.items(batch, bytesRead: reader.bytesRead)) else { return finish() }
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty, !push(.items(batch, bytesRead: reader.bytesRead)) { return finish() }
            _ = push(.finished)
        } catch {
            _ = push(.failed(error))
        }
        finish()
    }

    /// Queues a message, waiting while the queue is full. False when cancelled.
    private func push(_ message: Message) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= Self.queuedBatches, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        queue.append(message)
        condition.broadcast()
        return true
    }

    private func finish() {
        condition.lock()
        producerDone = true
        condition.broadcast()
        condition.unlock()
    }
}
