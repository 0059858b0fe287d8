import Foundation
import GRDB
import Testing
@testable import GestureStore
import TestScratch

/// `docs/schema.sql` is the schema a new database gets from every migration.
@Suite struct SchemaTextTests {
    static let schemaFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "docs/schema.sql")

    @Test func docsSchemaMatchesANewDatabase() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("new.sqlite"))
        let current = try database.connection.read { db in try SchemaText.sql(db) }
        // scripts/update-schema.sh sets this to write the file instead of checking it.
        if ProcessInfo.processInfo.environment["GESTURELAB_UPDATE_SCHEMA"] == "1" {
            try Data(current.utf8).write(to: Self.schemaFile)
        }
        let documented = try String(contentsOf: Self.schemaFile, encoding: .utf8)
        #expect(documented == current, "docs/schema.sql is stale: run scripts/update-schema.sh")
    }

    @Test func everyTableAndViewIsInTheText() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("new.sqlite"))
        let (text, names) = try database.connection.read { db in
            (try SchemaText.sql(db),
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')"))
        }
        #expect(names.count > 10)
        for name in names {
            #expect(text.contains("CREATE TABLE \(name)") || text.contains("CREATE VIEW \(name)")
                || text.contains("CREATE TABLE IF NOT EXISTS \(name)"), "\(name) missing")
        }
    }
}
