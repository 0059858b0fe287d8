#if PostgreSQL
import Foundation
import GestureStore
import GRDB
import Testing
import TestScratch
@testable import GestureStorePostgreSQL

/// Each session's record counts on the server (`session_totals`, server
/// migration 0008): written by push in the capture's transaction, taken by
/// the migration for the sessions stored before it, and read by the
/// server's SQL for `sessions`, which answers as SessionCatalog's does on
/// the SQLite store.
///
/// The capture below, counted by hand: session `a` has 2 touches, 1
/// transition, 1 delivery and 3 frames; `b` has 0, 0, 1 and 1.
@Suite(.enabled(if: ServerTestDatabase.enabled))
struct SessionTotalsTests {
    static let capture = [
        #"{"type":"header","format":"gesture-trace","version":1}"#,
        #"{"type":"session","session":"a","experiment":"e","variant":"v","config":{"k":"1"}}"#,
        #"{"type":"session","session":"b","experiment":"e","variant":"w"}"#,
        #"{"type":"frame","session":"a","t":0.5}"#,
        #"{"type":"touch","session":"a","touch":1,"phase":"began","t":1.0,"x":10,"y":20}"#,
        #"{"type":"transition","session":"a","recognizer":"pan","from":"possible","to":"began","t":1.02}"#,
        #"{"type":"delivery","session":"a","target":"btn","event":"touchDown","via":"control-event","t":1.01,"touch":1}"#,
        #"{"type":"frame","session":"a","t":1.016}"#,
        #"{"type":"touch","session":"a","touch":2,"phase":"began","t":2.0,"x":30,"y":40}"#,
        #"{"type":"frame","session":"a","t":2.033}"#,
        #"{"type":"delivery","session":"b","target":"btn","event":"touchDown","via":"control-event","t":1.5}"#,
        #"{"type":"frame","session":"b","t":1.5}"#,
    ].joined(separator: "\n") + "\n"

    static let totalsSQL = """
        SELECT session.session, touches, transitions, deliveries, frames
        FROM session_totals JOIN session ON session.id = session_totals.session_id ORDER BY session.session
        """

    @Test func pushCountsEachSessionsRecordsAndSessionsAnswersAsOnSQLite() throws {
        let folder = try ScratchFolder()
        let (database, address, summary) = try Self.pushed(Self.capture, in: folder)
        #expect(summary.pushed.count == 1)

        let reader = try ServerReader(address)
        defer { reader.close() }
        let totals = try reader.fetchRows(sql: Self.totalsSQL).map { $0.values }
        #expect(totals == [Self.row("a", 2, 1, 1, 3), Self.row("b", 0, 0, 1, 1)])

        let serverSQL = reader.builtInQuerySQL(name: "sessions", portable: SessionCatalog.sql)
        #expect(serverSQL != SessionCatalog.sql, "Queries/postgresql/sessions.sql is missing")
        #expect(serverSQL.contains("session_totals"))
        let onServer = try reader.fetchRows(projectSQL: serverSQL)
        let onSQLite = try database.connection.read { db in try db.fetchRows(projectSQL: SessionCatalog.sql) }
        #expect(onServer.count == 2)
        #expect(onServer.map(\.columns) == onSQLite.map(\.columns))
        #expect(onServer.map(\.values) == onSQLite.map(\.values))
    }

    /// A store pushed before migration 0008 gets the counts of the sessions
    /// it holds when a newer push migrates it.
    @Test func theMigrationCountsTheSessionsAlreadyStored() throws {
        let (address, connection) = try Self.databaseWithOneCapture(atSchema: 7)
        defer { connection.close() }
        try connection.execute(
            "INSERT INTO session (id, capture_id, session, experiment, variant, line) VALUES (1, 1, 'a', 'e', 'v', 2), (2, 1, 'b', 'e', 'w', 3)",
            "INSERT INTO touch (session_id, touch, down_ns, x, y, line) VALUES (1, 1, 1, 0, 0, 4), (1, 2, 2, 0, 0, 5)",
            "INSERT INTO transition (session_id, recognizer, to_state, t_ns, line) VALUES (1, 'pan', 'began', 3, 6)",
            "INSERT INTO delivery (session_id, t_ns, target, event, via, line) VALUES (1, 4, 'btn', 'touchDown', 'control-event', 7), (2, 5, 'btn', 'touchDown', 'control-event', 8)",
            "INSERT INTO frame (session_id, t_ns, line) VALUES (1, 6, 9), (1, 7, 10), (1, 8, 11), (2, 9, 12)")
        let applied = try ServerSchema().migrate(connection)
        #expect(applied.map(\.version).first == 8)

        let reader = try ServerReader(address)
        defer { reader.close() }
        let totals = try reader.fetchRows(sql: Self.totalsSQL).map { $0.values }
        #expect(totals == [Self.row("a", 2, 1, 1, 3), Self.row("b", 0, 0, 1, 1)])
    }

    /// A name and counts as the reader gives them.
    static func row(_ session: String, _ counts: Int64...) -> [DatabaseValue] {
        [session.databaseValue] + counts.map(\.databaseValue)
    }

    /// `capture` imported into a new SQLite store in `folder` and pushed
    /// to a new database on the test server: the store, the database and
    /// what the push said.
    static func pushed(_ capture: String, in folder: ScratchFolder) throws
        -> (store: GestureDatabase, server: ServerAddress, summary: StorePusher.Summary) {
        let path = folder.path("lab.sqlite")
        let database = try GestureDatabase(path: path)
        _ = try CaptureImporter(database: database).importCapture(path: try folder.write("c.jsonl", capture))
        let address = try freshDatabase()
        let connection = try ServerConnection(address)
        defer { connection.close() }
        let summary = try StorePusher(store: try GestureDatabase(readingAt: path)).push(to: connection)
        return (database, address, summary)
    }

    /// A new database on the test server at server schema `version`,
    /// holding one capture row (id 1), and a connection to it.
    static func databaseWithOneCapture(atSchema version: Int) throws -> (ServerAddress, ServerConnection) {
        let address = try freshDatabase()
        let connection = try ServerConnection(address)
        let migrations = ServerSchema.embedded.filter { $0.version <= version }
        #expect(migrations.count == version)
        try ServerSchema(migrations: migrations).migrate(connection)
        try connection.execute("""
            INSERT INTO capture (id, file_name, path, sha256, size_bytes, imported_at, tool_version, format_version)
            VALUES (1, 'c.jsonl', '/c.jsonl', 'digest', 1, 'now', '0.1.0', 1)
            """)
        return (address, connection)
    }

    /// An empty database on the test server.
    static func freshDatabase() throws -> ServerAddress {
        let base = try ServerAddress(url: try #require(ServerTestDatabase.url, "CI=true needs GESTURELAB_TEST_POSTGRES_URL"))
        let name = "t_" + UUID().uuidString.prefix(8).lowercased()
        let admin = try ServerConnection(base)
        try admin.execute("CREATE DATABASE \(name)")
        admin.close()
        var address = base
        address.database = name
        return address
    }
}
#endif
