import Foundation
import GRDB
import GestureStore
import Testing
@testable import GestureAnalysis

/// The built-in queries read the views with their names from memory on
/// SQLite (`Database.resolvingNamesInMemory`): every query must answer as
/// its text does when run as written.
@Suite struct NamesInMemoryQueryTests {
    /// `sql` as written and as resolved, each as CSV, in one transaction.
    static func bothRuns(_ sql: String, arguments: StoreArguments = [],
                         in fixture: AnalysisFixture) throws -> (written: String, resolved: String, rewritten: Bool) {
        try fixture.database.connection.read { db in
            let writtenPath = fixture.folder.appending(path: "written-\(UUID().uuidString).csv").path
            let resolvedPath = fixture.folder.appending(path: "resolved-\(UUID().uuidString).csv").path
            try RowWriter.write(sql: sql, arguments: arguments, in: db, format: .csv, to: try TextOutput(path: writtenPath))
            let resolved = try db.resolvingNamesInMemory(sql)
            try InMemoryNames.during(db) {
                try RowWriter.write(sql: resolved ?? sql, arguments: arguments, in: db, format: .csv,
                                    to: try TextOutput(path: resolvedPath))
            }
            return (try String(contentsOfFile: writtenPath, encoding: .utf8),
                    try String(contentsOfFile: resolvedPath, encoding: .utf8), resolved != nil)
        }
    }

    @Test func everyBuiltInQueryAnswersAsWritten() throws {
        let fixture = try NamesInMemoryExportTests.store()
        var rewritten: [String] = []
        for query in try QueryCatalog().queries {
            let arguments = StoreArguments(named: try query.boundValues([]))
            let (written, resolved, wasRewritten) = try Self.bothRuns(query.sql, arguments: arguments, in: fixture)
            #expect(resolved == written, "\(query.name)")
            if wasRewritten { rewritten.append(query.name) }
        }
        // The queries over the views; the others read the stored keys already.
        #expect(rewritten.sorted() == ["false-starts-by-target", "reach-by-target", "recognition-by-class",
                                       "session-summary", "slowest-touches"])
    }

    static let queries: [(String, String)] = [
        ("a plain SELECT", "SELECT target, count(*) FROM delivery GROUP BY target ORDER BY target"),
        ("after comment lines, a WITH of its own", """
            -- name: mine
            -- a comment naming touches and targets
            WITH heard AS (SELECT session_id, event FROM delivery WHERE via <> 'x')
            SELECT event, count(*) FROM heard JOIN touches USING (session_id) GROUP BY event ORDER BY event
            """),
        ("WITH RECURSIVE", """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3)
            SELECT i, (SELECT count(*) FROM responses WHERE touch = i) FROM n
            """),
        ("its own expression named like a view", """
            WITH responses AS (SELECT 'mine' AS via) SELECT via, (SELECT count(*) FROM responses),
                 (SELECT count(*) FROM delivery) FROM responses
            """),
        ("its own expressions named like views, quoted and with a column list", """
            WITH "outcomes"(kind) AS (SELECT 'quoted'), false_starts(kind) AS (SELECT 'listed')
            SELECT kind, (SELECT count(*) FROM delivery) FROM outcomes UNION ALL SELECT kind, 0 FROM false_starts
            """),
        ("a view in a subquery and a string", """
            SELECT 'responses' AS word, (SELECT max(latency_ms) FROM responses WHERE via = 'touches') FROM session
            """),
    ]

    @Test(arguments: queries)
    func anySelectAnswersAsWritten(_ name: String, _ sql: String) throws {
        let (written, resolved, wasRewritten) = try Self.bothRuns(sql, in: try NamesInMemoryExportTests.store())
        #expect(resolved == written)
        #expect(wasRewritten)
        #expect(written.split(separator: "\r\n").count > 1)
    }

    @Test func sqlReadingNoLookupIsLeftAsItIs() throws {
        let fixture = try NamesInMemoryExportTests.store()
        try fixture.database.connection.read { db throws -> Void in
            #expect(try db.resolvingNamesInMemory("SELECT count(*) FROM stored_response") == nil)
            #expect(try db.resolvingNamesInMemory("SELECT session FROM session") == nil)
        }
    }
}
