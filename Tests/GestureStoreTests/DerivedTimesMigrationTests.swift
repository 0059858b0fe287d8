import Foundation
import GRDB
import TestScratch
import Testing
@testable import GestureStore

/// Migration 0011: the derived rows keep their latency but no longer the
/// down or transition time it was measured from (the views compute it), and
/// `touch_by_down` goes. A
/// store of schema 0010 reads the same after it, every relation and canned
/// query, and the same as a fresh import; a failure at its end leaves it at
/// 0010.
@Suite struct DerivedTimesMigrationTests {
    static let schema10 = SchemaMigrator(migrations: Array(Migration.embedded.prefix(10)))

    /// The columns schemas before 0011 stored and 0011 dropped, each as
    /// computed from the columns that stayed.
    static let droppedColumns = [
        "stored_response": ["down_ns": "t_ns - latency_ns"],
        "stored_recognition": ["down_ns": "t_ns - latency_ns"],
        "stored_dispatch": ["transition_ns": "t_ns - latency_ns"],
    ]

    /// A store at the schema `migrator` ends at (0009 or 0010: their tables
    /// have the columns and names of 0011's, and the ones it dropped),
    /// holding the demo's rows copied table by table, column by column, from
    /// a current store the demo's captures (the first `captures` of them)
    /// were imported into (`current.sqlite` in `folder`).
    static func store(at migrator: SchemaMigrator, in folder: ScratchFolder, captures: Int = .max) throws -> String {
        let currentPath = folder.path("current.sqlite")
        let current = try GestureDatabase(path: currentPath)
        for capture in try InternedNamesMigrationTests.demoCaptures(in: folder).prefix(captures) {
            _ = try CaptureImporter(database: current).importCapture(path: capture)
        }
        try current.close()
        let path = folder.path("old.sqlite")
        let old = try GestureDatabase(path: path, migrator: migrator)
        try old.connection.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [currentPath])
            try db.inTransaction {
                let tables = try String.fetchAll(db, sql: """
                    SELECT name FROM main.sqlite_schema
                    WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'gesturelab_migration'
                    ORDER BY rootpage
                    """)
                for table in tables {
                    let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?, 'main') ORDER BY cid",
                                                      arguments: [table])
                    let values = columns.map { droppedColumns[table]?[$0] ?? $0 }
                    try db.execute(sql: """
                        INSERT INTO main.\(table) (\(columns.joined(separator: ", ")))
                        SELECT \(values.joined(separator: ", ")) FROM current.\(table)
                        """)
                }
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE current")
        }
        try old.close()
        return path
    }

    static func columns(of table: String, in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
    }

    @Test func aStoreOfSchema10ReadsTheSameAfterTheMigration() throws {
        let folder = try ScratchFolder()
        let oldPath = try Self.store(at: Self.schema10, in: folder)
        let old = try DatabaseQueue(path: oldPath)
        try old.read { (db: Database) throws in
            // The copied times are the ones the import derived: each row's
            // down time is its touch's, each dispatch's transition time a
            // transition of its recognizer and state at or before it.
            for table in ["stored_response", "stored_recognition"] {
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)")! > 20, "the demo stores few \(table) rows")
                #expect(try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM \(table) AS derived
                    LEFT JOIN stored_touch AS touch ON touch.session_id = derived.session_id AND touch.touch = derived.touch
                    WHERE touch.down_ns IS NOT derived.down_ns
                    """) == 0)
            }
            #expect(try Int.fetchOne(db, sql: """
                SELECT count(*) FROM stored_dispatch AS dispatch
                WHERE dispatch.transition_ns > dispatch.t_ns OR NOT EXISTS (
                    SELECT 1 FROM stored_transition AS transition
                    WHERE transition.session_id = dispatch.session_id AND transition.recognizer_id = dispatch.target_id
                      AND transition.to_state_id = dispatch.event_id AND transition.t_ns = dispatch.transition_ns)
                """) == 0)
        }
        try old.close()

        let before = try InternedNamesMigrationTests.snapshot(oldPath, migrator: Self.schema10, folder: folder)
        #expect(before["responses"]?.count ?? 0 > 20 && before["recognitions"]?.count ?? 0 > 20)
        #expect(before["dispatches"]?.count ?? 0 > 100, "the demo stores few dispatches")
        #expect(before["query response-by-region"]?.last?.split(separator: "\r\n").count ?? 0 > 2)
        #expect(before["query slowest-touches"]?.first?.split(separator: "\r\n").count ?? 0 > 2)

        try InternedNamesMigrationTests.expectMigrationKeepsReads(oldPath, before: before, folder: folder)

        let migrated = try DatabaseQueue(path: oldPath)
        try migrated.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT max(version) FROM gesturelab_migration") == Migration.embedded.count)
            #expect(try DispatchKeyMigrationTests.indexNamed("touch_by_down", in: db) == false)
            #expect(try Self.columns(of: "stored_response", in: db)
                == ["session_id", "touch", "target_id", "event_id", "via_id", "t_ns", "latency_ns", "line", "region_id"])
            #expect(try Self.columns(of: "stored_recognition", in: db)
                == ["session_id", "touch", "recognizer_id", "class_id", "state_id", "t_ns", "latency_ns", "line",
                    "region_id"])
            #expect(try Self.columns(of: "stored_dispatch", in: db)
                == ["session_id", "t_ns", "line", "target_id", "event_id", "via_id", "touch", "latency_ns", "region_id"])
            #expect(try Self.columns(of: "responses", in: db)
                == ["capture", "session", "experiment", "variant", "touch", "region", "target", "event", "via",
                    "latency_ms", "down_ns", "t_ns", "latency_ns", "line", "capture_id", "session_id"])
            #expect(try Self.columns(of: "dispatches", in: db)
                == ["capture", "session", "experiment", "variant", "touch", "region", "target", "event", "via",
                    "latency_ms", "transition_ns", "t_ns", "latency_ns", "line", "capture_id", "session_id"])
        }
        try migrated.close()
    }

    /// The migrated store and a new one take the same captures alike.
    @Test func importingIntoAMigratedStoreEqualsImportingIntoANewOne() throws {
        let folder = try ScratchFolder()
        let captures = try InternedNamesMigrationTests.demoCaptures(in: folder)
        let migratedPath = try Self.store(at: Self.schema10, in: folder, captures: 1)
        let freshRows = try InternedNamesMigrationTests.expectImportsAlike(captures, migratedPath: migratedPath,
                                                                           folder: folder)
        #expect(freshRows["responses"]?.isEmpty == false)
    }

    @Test func aMigrationFailingAtItsLastStatementLeavesTheStoreAtSchema10() throws {
        let folder = try ScratchFolder()
        let oldPath = try Self.store(at: Self.schema10, in: folder)
        try InternedNamesMigrationTests.expectFailingMigrationLeavesTheStore(
            oldPath, at: Self.schema10, failingWith: "INSERT INTO stored_response (session_id) VALUES (NULL);",
            folder: folder
        ) { (db: Database) throws in
            #expect(try Self.columns(of: "stored_response", in: db).contains("down_ns"))
            #expect(try Self.columns(of: "stored_recognition", in: db).contains("down_ns"))
            #expect(try Self.columns(of: "stored_dispatch", in: db).contains("transition_ns"))
            #expect(try DispatchKeyMigrationTests.indexNamed("touch_by_down", in: db))
        }
    }
}
