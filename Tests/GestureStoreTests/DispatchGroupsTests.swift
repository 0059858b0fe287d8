import GRDB
import TestScratch
import Testing
@testable import GestureStore

/// `stored_dispatch_group` (migration 0009) lists every (experiment, variant,
/// target, event, via) that has dispatches, once, whichever path derived
/// them, import after import.
@Suite struct DispatchGroupsTests {
    /// The groups as the dispatches themselves give them, by text.
    static let groupsOfTheDispatches = """
        SELECT DISTINCT session.experiment, session.variant, dispatch.target, dispatch.event, dispatch.via
        FROM dispatches AS dispatch JOIN session ON session.id = dispatch.session_id
        ORDER BY 1, 2, 3, 4, 5
        """

    static let listedGroups = """
        SELECT experiment, variant, (SELECT text FROM name WHERE id = target_id),
               (SELECT text FROM name WHERE id = event_id), (SELECT text FROM name WHERE id = via_id)
        FROM stored_dispatch_group
        ORDER BY 1, 2, 3, 4, 5
        """

    static func groups(_ database: GestureDatabase) throws -> (listed: [[String]], ofDispatches: [[String]], rows: Int) {
        try database.connection.read { db in
            let decode = { (sql: String) in try Row.fetchAll(db, sql: sql).map { row in (0..<5).map { row[$0] as String } } }
            return (try decode(listedGroups), try decode(groupsOfTheDispatches),
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM stored_dispatch_group")!)
        }
    }

    /// As written, derived while reading; shuffled, read back from the store.
    @Test(arguments: [false, true])
    func everyImportListsItsGroupsOnce(shuffled: Bool) throws {
        let folder = try ScratchFolder()
        var captures = try InternedNamesMigrationTests.demoCaptures(in: folder)
        if shuffled { captures = try captures.map { try folder.shuffledCopy(of: $0) } }
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        var counts: [Int] = []
        var replayed = 0
        for capture in captures + captures {  // the second round is already imported: no new group
            var importer = CaptureImporter(database: database)
            // Small sessions fit a reorder window whole: none, so that the
            // shuffled ones are read back from the store.
            importer.streamingLimits.reorder = 0
            let summary = try importer.importCapture(path: capture)
            if case .replayedInTimeOrder = summary.derivation { replayed += 1 }
            let groups = try Self.groups(database)
            #expect(groups.listed == groups.ofDispatches, "after \(capture)")
            #expect(groups.rows == groups.listed.count)
            counts.append(groups.rows)
        }
        // The channel capture, at least, is read back from the store when shuffled.
        #expect(shuffled ? replayed > 0 : replayed == 0)
        // The demo's delivery-channel capture has dispatches, and the groups only grow.
        #expect(counts.last! > 0)
        #expect(counts == counts.sorted())
        try database.close()
    }
}
