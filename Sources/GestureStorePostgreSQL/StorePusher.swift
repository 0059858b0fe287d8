#if PostgreSQL
import Foundation
import GRDB
import GRDBSQLite
import GestureStore
import GestureTrace
import PostgresNIO

/// `gesturelab push`: copies every capture of a SQLite store that the
/// server lacks, identified by SHA-256, with its sessions, configuration,
/// records and derived rows.
///
/// It reads a store the caller opened (``GestureDatabase/init(readingAt:prepareConnection:migrator:notice:)``),
/// so a store made by a newer gesturelab, or whose applied migration was
/// edited, is refused before anything is pushed, as every command refuses it.
///
/// Each capture goes in its own transaction, table by table through
/// `COPY … FROM STDIN`, with the capture's and its sessions' ids taken from
/// the server's sequences. A transaction-level advisory lock on the digest
/// makes two pushes of the same capture (from two machines at once) store
/// it once: the second finds it there and skips it. A push that dies leaves
/// its current capture uncommitted, so the server holds whole captures only.
///
///     let pusher = StorePusher(store: try GestureDatabase(readingAt: "lab.sqlite"))
///     let summary = try pusher.push(to: try ServerConnection(address))
package struct StorePusher {
    /// One capture's outcome.
    package struct CaptureResult: Sendable, Equatable {
        package var fileName: String
        package var sha256: String
        /// Rows copied, over all tables; 0 when the server had it.
        package var rows: Int
        package var sessions: Int
        package var alreadyThere: Bool
        package var seconds: Double
        /// The server's reason, when it refused the capture: nothing of it
        /// was stored, and the push went on with the next one.
        package var refusal: String?
    }

    /// What a push did.
    package struct Summary: Sendable {
        package var captures: [CaptureResult] = []
        package var pushed: [CaptureResult] { captures.filter { !$0.alreadyThere && $0.refusal == nil } }
        package var refused: [CaptureResult] { captures.filter { $0.refusal != nil } }
        package var rows: Int { captures.map(\.rows).reduce(0, +) }
    }

    package let store: GestureDatabase
    /// How many rows a COPY buffer holds before it goes to the server.
    var bufferBytes = 1 << 18

    package init(store: GestureDatabase) {
        self.store = store
    }

    /// Migrates the server's schema if needed, then copies each missing capture.
    ///
    /// - Parameters:
    ///   - progress: called with rows copied so far in the current capture
    ///     (for a terminal's progress line), from time to time.
    ///   - captureDone: called after each capture, pushed or skipped.
    package func push(to connection: ServerConnection,
                     progress: (_ fileName: String, _ rows: Int) -> Void = { _, _ in },
                     captureDone: (CaptureResult) -> Void = { _ in }) throws -> Summary {
        var summary = Summary()
        var current: String?
        do {
            try ServerSchema().migrate(connection)
            try LocalStore.reading(store) { local in
                for capture in try local.captures() {
                    current = capture.fileName
                    let started = ContinuousClock.now
                    var result = try copy(capture, from: local, to: connection, progress: { progress(capture.fileName, $0) })
                    result.seconds = (ContinuousClock.now - started).seconds
                    summary.captures.append(result)
                    captureDone(result)
                }
            }
        } catch {
            guard let lost = ServerFailure.lost(error, address: connection.address) else { throw error }
            throw StoreError(Self.interrupted(lost, during: current, summary: summary))
        }
        if !summary.pushed.isEmpty {
            // Every pushed capture is committed: failing to refresh the
            // statistics takes nothing away, so it does not fail the push.
            try? connection.execute(Self.analyze)
        }
        return summary
    }

    /// The planner's statistics of the tables push writes, refreshed once
    /// the captures are in. Until autovacuum next looks (a minute or more),
    /// the server would otherwise plan the first reads of a new or much
    /// grown store from sizes and value counts it has never seen, and pick
    /// plans many times slower (docs/postgresql.md).
    static let analyze = "ANALYZE " + (["capture", "session"] + PushedTables.perSession.map(\.table) + ["session_totals"])
        .joined(separator: ", ")

    /// A push cut off by a lost connection, in one line: what happened,
    /// what the server holds, and that the same push finishes the job.
    static func interrupted(_ lost: String, during capture: String?, summary: Summary) -> String {
        let done = summary.captures.count - summary.refused.count
        guard let capture else {
            return "\(lost) before any capture was pushed: nothing was stored; run the push again to push them all"
        }
        return "\(lost) during the push of \(TerminalText.escaped(capture)): nothing of it was stored, and the "
            + "\(done) capture\(done == 1 ? "" : "s") before it \(done == 1 ? "is" : "are") on the server; "
            + "run the push again to finish (it skips the captures the server already has)"
    }

    private func copy(_ capture: LocalStore.Capture, from local: LocalStore, to connection: ServerConnection,
                      progress: (Int) -> Void) throws -> CaptureResult {
        var result = CaptureResult(fileName: capture.fileName, sha256: capture.sha256, rows: 0,
                                   sessions: capture.sessionIDs.count, alreadyThere: false, seconds: 0)
        let address = connection.address
        do {
            try connection.execute("BEGIN")
            _ = try connection.values("SELECT pg_advisory_xact_lock($1)", [Self.lockKey(capture.sha256).databaseValue])
            if try !connection.values("SELECT id FROM capture WHERE sha256 = $1", [capture.sha256.databaseValue]).isEmpty {
                try connection.execute("ROLLBACK")
                result.alreadyThere = true
                result.sessions = 0
                return result
            }
            let captureID = try Self.nextIDs("capture_id_seq", count: 1, connection)[0]
            let sessionIDs = try Self.nextIDs("session_id_seq", count: capture.sessionIDs.count, connection)
            let serverSession = Dictionary(uniqueKeysWithValues: zip(capture.sessionIDs, sessionIDs))

            var rows = 0
            try copyTable("capture", columns: ["id"] + PushedTables.capture,
                          select: "SELECT \(PushedTables.capture.joined(separator: ", ")) FROM capture WHERE id = ?",
                          local: local, captureID: capture.id, connection: connection,
                          prefix: { _ in [captureID] }, rows: &rows, progress: progress)
            try copyTable("session", columns: ["id", "capture_id"] + PushedTables.session,
                          select: "SELECT id, \(PushedTables.session.joined(separator: ", ")) FROM session WHERE capture_id = ? ORDER BY id",
                          local: local, captureID: capture.id, connection: connection,
                          prefix: { [serverSession[$0]!, captureID] }, rows: &rows, progress: progress)
            for table in PushedTables.perSession {
                try copyTable(table.table, columns: ["session_id"] + table.columns, select: table.localSelect,
                              local: local, captureID: capture.id, connection: connection,
                              prefix: { [serverSession[$0]!] }, rows: &rows, progress: progress)
            }
            _ = try connection.values(Self.sessionTotals, [captureID.databaseValue])
            try connection.execute("COMMIT")
            result.rows = rows
            return result
        } catch {
            // A connection lost took the transaction with it.
            if ServerFailure.lost(error, address: address) != nil { throw error }
            try? connection.execute("ROLLBACK")
            if let error = error as? StoreError { throw error }
            // The server refused this capture (a name too long for its index,
            // a value it rejects): the next capture may well go in.
            if let error = error as? PSQLError, error.code == .server {
                result.refusal = error.serverInfo?[.message] ?? "\(error.code)"
                result.sessions = 0
                return result
            }
            throw ServerFailure.describe(error, address: address, doing: "push")
        }
    }

    /// Streams the rows of a local `SELECT` into one `COPY`. The statement's
    /// first column is the local id that `prefix` maps to the server's ids
    /// written before the rest of the row; for the capture row it is all data.
    private func copyTable(_ table: String, columns: [String], select: String, local: LocalStore, captureID: Int64,
                           connection: ServerConnection, prefix: (Int64) -> [Int64],
                           rows: inout Int, progress: (Int) -> Void) throws {
        let statement = try local.prepare(select, captureID: captureID)
        defer { sqlite3_finalize(statement) }
        let mapsFirstColumn = table != "capture"
        let dataColumns: Range<Int32> = (mapsFirstColumn ? 1 : 0)..<sqlite3_column_count(statement)
        let limit = bufferBytes
        let logger = connection.logger
        nonisolated(unsafe) var copied = rows
        nonisolated(unsafe) let report = progress
        nonisolated(unsafe) let mapping = prefix
        try connection.run { connection in
            try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                var buffer = ByteBuffer()
                buffer.reserveCapacity(limit + 4096)
                while true {
                    let code = sqlite3_step(statement)
                    if code == SQLITE_DONE { break }
                    guard code == SQLITE_ROW else { throw LocalStore.failure(statement, doing: "read \(table)") }
                    let ids = mapping(mapsFirstColumn ? sqlite3_column_int64(statement, 0) : captureID)
                    CopyText.appendRow(statement, prefix: ids, columns: dataColumns, to: &buffer)
                    copied += 1
                    if buffer.readableBytes >= limit {
                        try await writer.write(buffer)
                        buffer.clear()
                        report(copied)
                    }
                }
                if buffer.readableBytes > 0 { try await writer.write(buffer) }
            }
        }
        rows = copied
        progress(rows)
    }

    /// Each of a capture's sessions' record counts, for `sessions` (server
    /// migration 0008): counted once here, from the rows just copied, rather
    /// than on every run.
    static let sessionTotals = """
        INSERT INTO session_totals (session_id, touches, transitions, deliveries, frames)
        SELECT session.id,
               (SELECT count(*) FROM stored_touch WHERE stored_touch.session_id = session.id),
               (SELECT count(*) FROM transition WHERE transition.session_id = session.id),
               (SELECT count(*) FROM delivery WHERE delivery.session_id = session.id),
               (SELECT count(*) FROM frame WHERE frame.session_id = session.id)
        FROM session WHERE session.capture_id = $1
        """

    private static func nextIDs(_ sequence: String, count: Int, _ connection: ServerConnection) throws -> [Int64] {
        guard count > 0 else { return [] }
        return try connection.values("SELECT nextval('\(sequence)') FROM generate_series(1, $1)",
                                     [Int64(count).databaseValue]).map { Int64.fromDatabaseValue($0)! }
    }

    /// The advisory lock key of a capture: the digest's first 64 bits.
    static func lockKey(_ sha256: String) -> Int64 {
        Int64(bitPattern: UInt64(sha256.prefix(16), radix: 16) ?? 0)
    }
}
#endif
