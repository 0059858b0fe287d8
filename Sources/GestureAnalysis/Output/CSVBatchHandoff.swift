import Foundation

/// Batches of rows from the reading thread to the writing thread, and back
/// again empty (`CSVStatementWriter`, `CSVCellWriter`).
final class CSVBatchHandoff: @unchecked Sendable {
    /// The writing thread's from its start until `finish` returns.
    private let output: TextOutput
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var full: [CSVCellBatch] = []
    private var empty: [CSVCellBatch]
    private var isFinished = false
    private var writerDone = false
    private var writeError: Error?

    init(batches: [CSVCellBatch], output: TextOutput) {
        empty = batches
        self.output = output
    }

    /// A batch to fill; waits while all of them are being written.
    func emptyBatch() -> CSVCellBatch {
        condition.lock()
        defer { condition.unlock() }
        while empty.isEmpty { condition.wait() }
        return empty.removeLast()
    }

    /// Hands a filled batch to the writer. False once a write has failed;
    /// the batch is not sent then.
    func send(_ batch: CSVCellBatch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard writeError == nil else { return false }
        full.append(batch)
        condition.broadcast()
        return true
    }

    /// Sends the last batch, if it has rows, waits until the writer has
    /// written everything, and returns the error that stopped it, if any.
    func finish(sending last: CSVCellBatch?) -> Error? {
        condition.lock()
        defer { condition.unlock() }
        if let last, last.rowCount > 0, writeError == nil { full.append(last) }
        isFinished = true
        condition.broadcast()
        while !writerDone { condition.wait() }
        return writeError
    }

    /// The writing thread: writes each batch in order until the last, or
    /// until a write fails.
    func writeAll() {
        condition.lock()
        defer {
            writerDone = true
            condition.broadcast()
            condition.unlock()
        }
        while true {
            while full.isEmpty, !isFinished { condition.wait() }
            guard !full.isEmpty else { return }
            let batch = full.removeFirst()
            condition.unlock()
            var failure: Error?
            do {
                try batch.write(to: output)
            } catch {
                failure = error
            }
            batch.removeAll()
            condition.lock()
            empty.append(batch)
            condition.broadcast()
            if let failure {
                writeError = failure
                return
            }
        }
    }
}
