import Foundation
import GRDB
import GestureStore
import TestScratch
import Testing
@testable import GestureAnalysis

/// `export` of a view reads its names from memory (`InMemoryNames`); the
/// bytes must be those of `SELECT * FROM view`, every view, every row.
@Suite struct NamesInMemoryExportTests {
    /// The fixtures with every record type and outcome, and a capture of
    /// awkward names, in one store.
    static func store() throws -> AnalysisFixture {
        let fixture = try AnalysisFixture(captures: ["derived-latencies.jsonl", "outcomes.jsonl", "rates.jsonl"])
        try fixture.importCapture(text: CSVExportTests.awkwardCapture, name: "awkward.jsonl")
        return fixture
    }

    /// Every view of the store: as `export` writes it, and as the view itself reads.
    static func bothExports(of fixture: AnalysisFixture) throws -> [(view: String, fast: String, plain: String)] {
        try fixture.database.connection.read { db in
            let views = try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name")
            return try views.map { view in
                let fastPath = fixture.folder.appending(path: "\(view)-fast.csv").path
                let plainPath = fixture.folder.appending(path: "\(view)-plain.csv").path
                try Exporter.export(view, catalog: try QueryCatalog(), in: db, to: try TextOutput(path: fastPath))
                try RowWriter.write(sql: "SELECT * FROM \(view)", in: db, format: .csv, to: try TextOutput(path: plainPath))
                return (view, try String(contentsOfFile: fastPath, encoding: .utf8),
                        try String(contentsOfFile: plainPath, encoding: .utf8))
            }
        }
    }

    @Test func everyViewExportsTheBytesOfTheView() throws {
        let fixture = try Self.store()
        let exports = try Self.bothExports(of: fixture)
        #expect(exports.count == 12)
        for (view, fast, plain) in exports {
            #expect(fast == plain, "\(view)")
            // Each view has rows here, so the comparison says something.
            #expect(fast.split(separator: "\r\n").count > 1, "\(view) has no rows in the fixtures")
        }
    }

    /// The statement `export` runs: names through the function, every view
    /// it reads as a table expression, and nothing for a table or a view
    /// that looks up no name.
    @Test func theStatementResolvesEveryLookup() throws {
        let fixture = try Self.store()
        try fixture.database.connection.read { db in
            let responses = try #require(try db.resolvingNamesInMemory("SELECT * FROM \"responses\""))
            #expect(!responses.contains("FROM name"))
            #expect(responses.hasPrefix("WITH \"responses\" AS NOT MATERIALIZED (\n"))
            #expect(responses.hasSuffix("\nSELECT * FROM \"responses\""))
            #expect(responses.contains("gesturelab_name_text(response.target_id) AS target"))
            let pairs = try #require(try db.resolvingNamesInMemory("SELECT * FROM \"response_pairs\""))
            #expect(pairs.contains("gesturelab_name_text(second.via_id) AS second_via"))
            #expect(try db.resolvingNamesInMemory("SELECT * FROM \"stored_response\"") == nil)
            #expect(try db.resolvingNamesInMemory("SELECT * FROM \"no_such_view\"") == nil)
        }
    }

    /// A store edited by hand: an id no name has, a name holding a NUL, a
    /// name numbered far from the rest, and a view of the user's own with a
    /// column list, over a view that looks up names.
    @Test func handEditedStoresExportTheBytesOfTheViewToo() throws {
        let fixture = try Self.store()
        let path = fixture.folder.appending(path: "lab.sqlite").path
        let editor = try DatabaseQueue(path: path)
        try editor.write { db in
            try db.execute(sql: """
                UPDATE stored_response SET region_id = 987654 WHERE touch = 1;
                UPDATE name SET text = 'nul' || char(0) || 'inside' WHERE text = 'touches';
                INSERT INTO name (id, text) VALUES (4611686018427387904, 'far away');
                UPDATE stored_delivery SET target_id = 4611686018427387904
                WHERE target_id = (SELECT id FROM name WHERE text = 'dotB');
                CREATE VIEW mine(who, what) AS SELECT session, via FROM responses;
                CREATE VIEW plain_sessions AS SELECT session FROM session;
                CREATE VIEW slow AS SELECT session, via FROM responses WHERE latency_ms > 100;
                """)
        }
        try editor.close()
        try fixture.database.connection.read { db throws -> Void in
            #expect(try db.resolvingNamesInMemory("SELECT * FROM \"mine\"") == nil)
            #expect(try db.resolvingNamesInMemory("SELECT * FROM \"plain_sessions\"") == nil)
            // A view over a view that looks up names: the one it reads comes first.
            let slow = try #require(try db.resolvingNamesInMemory("SELECT * FROM \"slow\""))
            let inner = try #require(slow.range(of: "\"responses\" AS NOT MATERIALIZED (\n"))
            let outer = try #require(slow.range(of: "\"slow\" AS NOT MATERIALIZED (\n"))
            #expect(inner.lowerBound < outer.lowerBound)
        }
        let exports = try Self.bothExports(of: fixture)
        #expect(exports.count == 15)
        for (view, fast, plain) in exports { #expect(fast == plain, "\(view)") }
        let delivery = try #require(exports.first { $0.view == "delivery" })
        #expect(delivery.fast.contains(",far away,"))
        let responses = try #require(exports.first { $0.view == "responses" })
        #expect(responses.fast.contains("nul\u{0}inside"))
    }
}
