#if PostgreSQL
import Foundation
import GestureStore
import GRDB
import Testing
import TestScratch
@testable import GestureStorePostgreSQL

/// Server migration 0010: the server offers the relations a SQLite store
/// offers, under the same one name each, and keeps its rows in `stored_`
/// tables that nothing offers.
@Suite(.enabled(if: ServerTestDatabase.enabled))
struct ServerRelationsTests {
    @Test func aNewServerStoreOffersWhatASQLiteStoreOffers() throws {
        let address = try SessionTotalsTests.freshDatabase()
        let connection = try ServerConnection(address)
        try ServerSchema().migrate(connection)
        connection.close()
        let reader = try ServerReader(address)
        defer { reader.close() }
        let offered = try reader.relationNames()
        #expect(offered.sorted() == StoreRelations.offered.map(\.name).sorted())
        let folder = try ScratchFolder()
        let local = try GestureDatabase(path: folder.path("lab.sqlite"))
        #expect(Set(try local.connection.read { try $0.relationNames() }) == Set(offered))
        let kept = try reader.fetchStrings(sql: """
            SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name
            """).filter(StoreRelations.isInternal)
        #expect(kept == ["gesturelab_migration", "session_totals", "stored_dispatch", "stored_outcome",
                         "stored_recognition", "stored_response", "stored_target", "stored_touch",
                         "stored_touch_start"])
    }

    /// Rows pushed before 0010 read the same through the views after it,
    /// and `touches` shows each touch's hit.
    @Test func rowsStoredBeforeTheMigrationReadTheSame() throws {
        let (address, connection) = try SessionTotalsTests.databaseWithOneCapture(atSchema: 9)
        defer { connection.close() }
        try connection.execute(
            "INSERT INTO session (id, capture_id, session, experiment, variant, line) VALUES (1, 1, 'a', 'e', 'v', 2)",
            "INSERT INTO touch (session_id, touch, down_ns, x, y, line, region, hit) VALUES (1, 1, 1000, 0, 0, 4, 'center', 'btn')",
            """
            INSERT INTO response (session_id, touch, target, event, via, t_ns, down_ns, latency_ns, line, region)
            VALUES (1, 1, 'btn', 'touchDown', 'control-event', 251000, 1000, 250000, 5, 'center')
            """)
        let applied = try ServerSchema().migrate(connection)
        #expect(applied.map(\.version) == [10, 11])

        let reader = try ServerReader(address)
        defer { reader.close() }
        #expect(try reader.fetchRows(sql: "SELECT session, touch, region, hit, line FROM touches").map(\.values)
            == [["a".databaseValue, 1.databaseValue, "center".databaseValue, "btn".databaseValue, 4.databaseValue]])
        #expect(try reader.fetchRows(sql: "SELECT target, latency_ms, down_ns FROM responses").map(\.values)
            == [["btn".databaseValue, 0.25.databaseValue, 1000.databaseValue]])
        #expect(try reader.fetchStrings(sql: "SELECT to_regclass('response')::text") == [""])
        #expect(try reader.fetchStrings(sql: "SELECT to_regclass('stored_response')::text") == ["stored_response"])
    }
}
#endif
