import Foundation
import GRDB
import GRDBSQLite

/// Streams a statement's rows as RFC 4180 CSV straight from SQLite's column
/// buffers: the export path, where a Swift value per cell would cost more
/// than SQLite's own work.
///
/// SQLite steps on the calling thread and copies each batch of rows out of
/// its buffers (`CSVCellBatch`); a second thread writes them as CSV, so on
/// two cores formatting overlaps SQLite's work. Three batches circulate, so
/// memory stays flat however many rows there are.
///
/// Writes the same text as `CSVField.encode` does cell by cell (tests compare
/// the two).
enum CSVStatementWriter {
    static func write(_ statement: Statement, _ db: Database, to output: TextOutput) throws -> Int {
        let handle = statement.sqliteStatement
        let columnCount = statement.columnCount
        try output.write(statement.columnNames.map(CSVField.encode).joined(separator: ",") + "\r\n")
        defer { sqlite3_reset(handle) }

        let handoff = BatchHandoff(batches: (0..<3).map { _ in CSVCellBatch(columnCount: columnCount) }, output: output)
        let writer = Thread { handoff.writeAll() }
        writer.name = "gesturelab CSV writer"
        writer.start()

        var rows = 0
        var batch = handoff.emptyBatch()
        do {
            while true {
                let code = sqlite3_step(handle)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else {
                    let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
                }
                batch.appendRow(of: handle)
                rows += 1
                if batch.isFull {
                    // A failed write ends the export: no use stepping on.
                    guard handoff.send(batch) else { break }
                    batch = handoff.emptyBatch()
                }
            }
        } catch {
            _ = handoff.finish(sending: nil)
            throw error
        }
        if let writeError = handoff.finish(sending: batch) { throw writeError }
        return rows
    }
}

/// Batches of rows from the stepping thread to the writing thread, and back
/// again empty.
private final class BatchHandoff: @unchecked Sendable {
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
