import Foundation
import GRDB
import TestScratch
import Testing
@testable import GestureStore

/// Migration 0013 and `StoreRelations`: each relation a user's SQL reads
/// has one name, and the tables that only keep the relations are offered
/// nowhere.
@Suite struct StoreRelationsTests {
    static let schema12 = SchemaMigrator(migrations: Array(Migration.embedded.prefix(12)))

    @Test func aNewStoreOffersExactlyTheListedRelations() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        try database.connection.read { db in
            let offered = try db.relationNames()
            #expect(offered.sorted() == StoreRelations.offered.map(\.name).sorted())
            // Views first, then tables, each in name order.
            let views = try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name")
            #expect(Array(offered.prefix(views.count)) == views)
            // Every table of the schema is offered or keeps what is.
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                """)
            let kept = tables.filter(StoreRelations.isInternal)
            #expect(kept == ["gesturelab_migration", "name", "stored_delivery", "stored_dispatch",
                             "stored_dispatch_group", "stored_outcome", "stored_recognition", "stored_response",
                             "stored_target", "stored_touch", "stored_touch_sample", "stored_touch_start",
                             "stored_transition"])
            #expect(Set(tables).subtracting(kept) == Set(offered).subtracting(views))
        }
    }

    /// No two names one letter apart: the reason for migration 0013.
    @Test func noRelationIsAnotherWithAnS() {
        let names = Set(StoreRelations.offered.map(\.name))
        #expect(names.count == StoreRelations.offered.count)
        for name in names { #expect(!names.contains(name + "s"), "\(name) and \(name)s") }
        // The names 0013 retired, each answered by a relation that is offered.
        #expect(StoreRelations.retiredNames.map(\.name)
            == ["touch", "response", "recognition", "dispatch", "target", "outcome", "touch_start"])
        for (name, relation) in StoreRelations.retiredNames {
            #expect(!names.contains(name) && names.contains(relation), "\(name) -> \(relation)")
        }
    }

    @Test(arguments: ["stored_response", "stored_touch", "name", "session_totals", "gesturelab_migration"])
    func aTableThatKeepsRelationsIsInternal(_ table: String) {
        #expect(StoreRelations.isInternal(table))
    }

    @Test(arguments: StoreRelations.offered.map(\.name) + ["my_view", "storedness"])
    func aRelationIsNot(_ relation: String) {
        #expect(!StoreRelations.isInternal(relation))
    }

    /// `touches` gained the touch's hit, the one column of 0012's `touch`
    /// view it lacked; every other column of the folded views is in its
    /// plural (InternedNamesMigrationTests compares their rows).
    @Test func aStoreOfSchema12ReadsTheSameAfterTheMigration() throws {
        let folder = try ScratchFolder()
        let oldPath = try DerivedTimesMigrationTests.store(at: Self.schema12, in: folder, captures: 1)
        // The first capture (edge deferral) names no hit: every other touch
        // gets one, in the old store and the new one it is compared with.
        let naming = "UPDATE stored_touch SET hit_id = (SELECT min(id) FROM name) WHERE touch % 2 = 0"
        try DatabaseQueue(path: folder.path("current.sqlite")).write { try $0.execute(sql: naming) }
        let hits = "SELECT session_id, touch, hit FROM touch"
        let before = try DatabaseQueue(path: oldPath).write { db in
            try db.execute(sql: naming)
            return try Row.fetchAll(db, sql: hits)
        }
        #expect(before.count > 20)
        #expect(before.contains { ($0["hit"] as String?)?.isEmpty == false })
        let snapshot = try InternedNamesMigrationTests.snapshot(oldPath, migrator: Self.schema12, folder: folder)
        try InternedNamesMigrationTests.expectMigrationKeepsReads(oldPath, before: snapshot, folder: folder)

        let migrated = try DatabaseQueue(path: oldPath)
        try migrated.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT max(version) FROM gesturelab_migration") == 13)
            #expect(try Row.fetchAll(db, sql: "SELECT session_id, touch, hit FROM touches") == before)
            for folded in StoreRelations.retiredNames.map(\.name) {
                #expect(try !db.viewExists(folded) && !db.tableExists(folded), "\(folded) is still there")
            }
        }
        try migrated.close()
    }

    @Test func aMigrationFailingMidwayLeavesTheStoreAtSchema12() throws {
        let folder = try ScratchFolder()
        let oldPath = try DerivedTimesMigrationTests.store(at: Self.schema12, in: folder, captures: 1)
        try InternedNamesMigrationTests.expectFailingMigrationLeavesTheStore(
            oldPath, at: Self.schema12, failingWith: "INSERT INTO stored_touch (session_id) VALUES (NULL);",
            folder: folder
        ) { (db: Database) throws in
            #expect(try db.viewExists("response") && db.viewExists("touch"))
        }
    }
}
