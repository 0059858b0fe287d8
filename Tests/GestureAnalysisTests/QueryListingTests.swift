import GestureStore
import Testing
@testable import GestureAnalysis

/// `query --list` ends with the relations a user's SQL reads: each once,
/// none of the tables that only keep them.
@Suite struct QueryListingTests {
    @Test func theListingEndsWithEveryRelationAndNoInternalTable() throws {
        let text = QueryListing.text(try QueryCatalog().queries)
        let heading = "Relations for --sql and export (their columns: docs/schema.sql), a row of each:\n"
        let section = try #require(text.components(separatedBy: heading).last)
        let lines = section.split(separator: "\n")
        #expect(lines.count == 17)
        #expect(lines.first == "    capture          an imported capture file: its name, digest and record counts")
        #expect(lines.contains("    responses        a response latency: touch-down to one (target, event, via)"))
        #expect(lines.last == "    false_starts     a start cancelled before any end")
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) } == StoreRelations.offered.map(\.name))
        #expect(!text.contains("stored_"))
    }
}

/// SQL written before each relation had one name fails with the name of
/// the relation that now holds those rows, on either engine's message.
@Suite struct RetiredNameHintTests {
    @Test(arguments: StoreRelations.retiredNames.map(\.name))
    func aRetiredNameIsAnsweredWithItsRelation(_ name: String) throws {
        let relation = try #require(StoreRelations.retiredNames.first { $0.name == name }?.relation)
        let hint = " (\(name) is now \(relation): since schema 13 each relation has one name)"
        #expect(QueryCatalog.retiredNameHint("no such table: \(name)") == hint)
        #expect(QueryCatalog.retiredNameHint("relation \"\(name)\" does not exist") == hint)
    }

    @Test(arguments: ["no such table: nope", "no such table: my_touch", "relation \"touches_old\" does not exist",
                      "no such column: touch"])
    func anyOtherFailureGetsNoHint(_ message: String) {
        #expect(QueryCatalog.retiredNameHint(message) == "")
    }
}

extension RetiredNameHintTests {
    /// A query file of the user's own that reads a retired name fails the
    /// same way, naming the query.
    @Test func aQueryFileReadingARetiredNameIsAnsweredToo() throws {
        let fixture = try AnalysisFixture(captures: [])
        let query = try CannedQuery(text: "-- name: old\n-- description: before 0013\nSELECT count(*) FROM touch_start;",
                                    source: "mine/old.sql")
        let output = try TextOutput(path: fixture.folder.appending(path: "old.csv").path)
        let error = try fixture.database.connection.read { db in
            #expect(throws: QueryError.self) {
                try QueryCatalog.run(query, parameters: [], in: db, format: .csv, to: output)
            }
        }
        #expect(error?.message == "query old (mine/old.sql) failed: no such table: touch_start "
            + "(touch_start is now starts: since schema 13 each relation has one name)")
    }
}
