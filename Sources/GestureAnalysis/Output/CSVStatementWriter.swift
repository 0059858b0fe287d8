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

        let handoff = CSVBatchHandoff(batches: (0..<3).map { _ in CSVCellBatch(columnCount: columnCount) }, output: output)
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
