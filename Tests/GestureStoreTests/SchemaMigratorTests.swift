import Foundation
import GRDB
import Testing
@testable import GestureStore
import TestScratch

@Suite struct SchemaMigratorTests {
    @Test func embeddedMigrationsAreNumberedWithoutGaps() {
        let versions = Migration.embedded.map(\.version)
        #expect(!versions.isEmpty)
        #expect(versions == Array(1...versions.count))
        #expect(Migration.embedded.first?.name == "0001_initial.sql")
    }

    @Test func freshDatabaseIsMigratedAndMarked() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        try database.connection.read { db in
            #expect(try Int32.fetchOne(db, sql: "PRAGMA application_id") == 0x474C_4142)
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            let ledger = try SchemaMigrator().appliedMigrations(db)
            #expect(ledger.map(\.version) == Migration.embedded.map(\.version))
            #expect(ledger.map(\.checksum) == Migration.embedded.map(\.checksum))
            for table in ["capture", "session", "session_config", "name", "stored_touch", "stored_touch_sample",
                          "stored_transition", "stored_delivery", "frame"] {
                #expect(try db.tableExists(table), "missing table \(table)")
            }
            // Since 0008 the record tables of old are views of the same names;
            // since 0013 a touch is read in `touches` alone.
            for view in ["touches", "touch_sample", "transition", "delivery"] {
                #expect(try db.viewExists(view), "missing view \(view)")
            }
        }
    }

    @Test func freshDatabaseHasLargePages() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        #expect(try database.connection.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 16_384)
        // An empty file is new too: `touch lab.sqlite` before the first import.
        let emptyPath = folder.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: emptyPath, contents: Data()))
        let fromEmpty = try GestureDatabase(path: emptyPath)
        #expect(try fromEmpty.connection.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 16_384)
    }

    @Test func existingDatabaseKeepsItsPageSize() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        // A store made before gesturelab chose its page size: SQLite's 4 KB.
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 4096")
            try db.execute(sql: "VACUUM")
        }
        try queue.close()
        let migrated = try GestureDatabase(path: path)
        try migrated.connection.close()
        let reopened = try GestureDatabase(path: path)
        let (pageSize, applied) = try reopened.connection.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA page_size"), try SchemaMigrator().appliedMigrations(db))
        }
        #expect(pageSize == 4096)
        #expect(applied.map(\.version) == Migration.embedded.map(\.version))
    }

    @Test func reopeningAppliesNothing() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        _ = try GestureDatabase(path: path)
        let database = try GestureDatabase(path: path)
        let applied = try SchemaMigrator().migrate(database.connection, displayName: path)
        #expect(applied.isEmpty)
    }

    @Test func databaseFromNewerSchemaIsRefusedUnchanged() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        try makeDatabase(at: path) { db in
            try db.execute(sql: """
                INSERT INTO gesturelab_migration (version, name, checksum, applied_at)
                VALUES (99, '0099_future.sql', 'abc', '2030-01-01T00:00:00Z')
                """)
        }
        let before = try snapshot(path)
        let error = #expect(throws: StoreError.self) { try GestureDatabase(path: path) }
        #expect(error?.message.contains("newer gesturelab (schema version 99; this gesturelab knows up to \(Migration.embedded.count))") == true)
        #expect(error?.message.contains("nothing was changed") == true)
        #expect(try snapshot(path) == before)
    }

    @Test func editedMigrationIsRefusedUnchanged() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        try makeDatabase(at: path) { db in
            try db.execute(sql: "UPDATE gesturelab_migration SET checksum = 'deadbeef0000ffff' WHERE version = 1")
        }
        let before = try snapshot(path)
        let error = #expect(throws: StoreError.self) { try GestureDatabase(path: path) }
        #expect(error?.message.contains("migration 0001_initial.sql was changed after it was applied") == true)
        #expect(error?.message.contains("deadbeef0000") == true)
        #expect(try snapshot(path) == before)
    }

    @Test func foreignDatabaseIsRefusedUnchanged() throws {
        let folder = try ScratchFolder()
        let path = folder.path("other.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        try queue.close()
        let before = try snapshot(path)
        let error = #expect(throws: StoreError.self) { try GestureDatabase(path: path) }
        #expect(error?.message.contains("is not a gesturelab database") == true)
        #expect(try snapshot(path) == before)
    }

    @Test func missingFolderIsNamed() throws {
        let error = #expect(throws: StoreError.self) {
            try GestureDatabase(path: "/nonexistent-gesturelab-folder/lab.sqlite")
        }
        #expect(error?.message.contains("folder /nonexistent-gesturelab-folder does not exist") == true)
    }

    @Test(arguments: [
        (nil, [:], "gesturelab.sqlite"),
        (nil, ["GESTURELAB_DB": "/tmp/env.sqlite"], "/tmp/env.sqlite"),
        ("cli.sqlite", ["GESTURELAB_DB": "/tmp/env.sqlite"], "cli.sqlite"),
    ] as [(String?, [String: String], String)])
    func databasePathPrecedence(explicit: String?, environment: [String: String], expected: String) {
        #expect(GestureDatabase.resolvePath(explicit: explicit, environment: environment) == expected)
    }

    /// A migrated database, then `change` applied behind the migrator's back.
    private func makeDatabase(at path: String, change: (Database) throws -> Void) throws {
        let database = try GestureDatabase(path: path)
        try database.connection.write(change)
        try database.connection.close()
    }

    /// The whole logical content: schema, ledger, header fields that matter.
    private func snapshot(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var lines = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name")
            lines.append("application_id \(try Int.fetchOne(db, sql: "PRAGMA application_id") ?? -1)")
            lines.append("journal_mode \(try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "")")
            if try db.tableExists("gesturelab_migration") {
                lines += try Row.fetchAll(db, sql: "SELECT * FROM gesturelab_migration ORDER BY version").map(\.description)
            }
            return lines
        }
    }
}
