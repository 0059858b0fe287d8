#if PostgreSQL
import Foundation
import GestureStore
import GRDB
import Testing
import TestScratch
@testable import GestureStorePostgreSQL

/// Push refreshes the planner's statistics of the tables it wrote, so the
/// first reads after it are planned from the rows the server holds.
///
/// `pg_class.reltuples` is -1 for a table never analyzed or vacuumed, and
/// an ANALYZE of a table this small reads every row: the exact counts of
/// SessionTotalsTests' capture (1 capture, 2 sessions; 2 touches, 1
/// transition, 2 deliveries, 4 frames).
@Suite(.enabled(if: ServerTestDatabase.enabled))
struct PushStatisticsTests {
    @Test func pushAnalyzesTheTablesItWrote() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        _ = try CaptureImporter(database: try GestureDatabase(path: path))
            .importCapture(path: try folder.write("c.jsonl", SessionTotalsTests.capture))
        let address = try SessionTotalsTests.freshDatabase()
        let connection = try ServerConnection(address)
        defer { connection.close() }
        _ = try StorePusher(store: try GestureDatabase(readingAt: path)).push(to: connection)

        let reader = try ServerReader(address)
        defer { reader.close() }
        let counts = try reader.fetchRows(sql: """
            SELECT relname, reltuples::bigint FROM pg_class
            WHERE relname IN ('capture', 'session', 'stored_touch', 'transition', 'delivery', 'frame', 'session_totals')
              AND relkind = 'r' AND relnamespace = 'public'::regnamespace
            ORDER BY relname
            """).map { $0.values }
        let row = SessionTotalsTests.row
        #expect(counts == [row("capture", 1), row("delivery", 2), row("frame", 4), row("session", 2),
                           row("session_totals", 2), row("stored_touch", 2), row("transition", 1)])
    }
}
#endif
