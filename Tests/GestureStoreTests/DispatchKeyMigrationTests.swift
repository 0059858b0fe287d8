import Foundation
import GRDB
import TestScratch
import Testing
@testable import GestureStore

/// Migration 0010: `stored_dispatch` keyed by (session, target, event, via,
/// latency, t, line) in place of its index. A store of schema 0009 reads the
/// same after it, every relation and canned query; a failure midway leaves
/// it as it was.
@Suite struct DispatchKeyMigrationTests {
    static let schema9 = SchemaMigrator(migrations: Array(Migration.embedded.prefix(9)))

    /// A store at schema 0009 holding the demo's rows, copied table by table
    /// from a current store (`DerivedTimesMigrationTests.store`).
    static func storeAtSchema9(in folder: ScratchFolder) throws -> String {
        try DerivedTimesMigrationTests.store(at: schema9, in: folder)
    }

    static func indexNamed(_ name: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_schema WHERE type = 'index' AND name = ?",
                          arguments: [name]) ?? false
    }

    @Test func aStoreOfSchema9ReadsTheSameAfterTheMigration() throws {
        let folder = try ScratchFolder()
        let oldPath = try Self.storeAtSchema9(in: folder)
        let before = try InternedNamesMigrationTests.snapshot(oldPath, migrator: Self.schema9, folder: folder)
        #expect(before["dispatch"]?.count ?? 0 > 100, "the demo stores few dispatches")
        #expect(before["query dispatch-by-channel"]?.first?.split(separator: "\r\n").count ?? 0 > 2)

        try InternedNamesMigrationTests.expectMigrationKeepsReads(
            oldPath, before: before, migrator: DerivedTimesMigrationTests.schema10, folder: folder)

        let migrated = try DatabaseQueue(path: oldPath)
        try migrated.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT max(version) FROM gesturelab_migration") == 10)
            #expect(try Self.indexNamed("dispatch_by_channel", in: db) == false)
            #expect(try db.primaryKey("stored_dispatch").columns
                == ["session_id", "target_id", "event_id", "via_id", "latency_ns", "t_ns", "line"])
            // Without ORDER BY the rows come in the new key's order.
            let keys = try Row.fetchAll(db, sql: "SELECT session_id, target_id, event_id, via_id, latency_ns, t_ns, line FROM stored_dispatch")
                .map { row in (0..<7).map { row[$0] as Int64 } }
            #expect(keys.count > 100)
            #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
            #expect(try db.viewExists("dispatch") && db.viewExists("dispatches"))
        }
        try migrated.close()
    }

    @Test func aMigrationFailingMidwayLeavesTheStoreAtSchema9() throws {
        let folder = try ScratchFolder()
        let oldPath = try Self.storeAtSchema9(in: folder)
        try InternedNamesMigrationTests.expectFailingMigrationLeavesTheStore(
            oldPath, at: Self.schema9, failingWith: "INSERT INTO stored_dispatch (session_id) VALUES (NULL);",
            folder: folder
        ) { (db: Database) throws in
            #expect(try Self.indexNamed("dispatch_by_channel", in: db))
        }
    }
}
