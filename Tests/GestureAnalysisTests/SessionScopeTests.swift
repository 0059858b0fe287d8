import Foundation
import GRDB
import Testing
@testable import GestureAnalysis

/// `query --where`: any SQL, the canned queries included, over only the
/// sessions kept, by shadowing the relations with a WITH list.
@Suite struct SessionScopeTests {
    @Test(arguments: [
        ("SELECT 1", "WITH s AS (x)\nSELECT 1"),
        ("-- name: q\n-- about\n\nWITH a AS (SELECT 1) SELECT * FROM a",
         "-- name: q\n-- about\n\nWITH s AS (x),\na AS (SELECT 1) SELECT * FROM a"),
        ("with recursive r(n) AS (SELECT 1) SELECT n FROM r", "WITH RECURSIVE s AS (x),\nr(n) AS (SELECT 1) SELECT n FROM r"),
        ("  within AS (SELECT 1)", "  WITH s AS (x)\nwithin AS (SELECT 1)"),
    ])
    func theShadowsLeadTheWithList(sql: String, expected: String) {
        #expect(SessionScope.prefixing(sql, with: ["s AS (x)"]) == expected)
    }

    @Test func valuesAreWrittenAsQuotedLiterals() throws {
        #expect(try SessionScope.inlining(["o'clock", "42"], into: "a IN (?, ?)") == "a IN ('o''clock', '42')")
        #expect(throws: QueryError.self) { try SessionScope.inlining(["a\u{0}b"], into: "?") }
    }

    private func csv(_ fixture: AnalysisFixture, query name: String? = nil, sql: String? = nil,
                     parameters: [(name: String, value: String)] = [], where conditions: [String]) throws -> [String] {
        let path = fixture.folder.appending(path: "out-\(UUID().uuidString).csv").path
        let output = try TextOutput(path: path)
        let parsed = try conditions.map(SessionCondition.init(parsing:))
        try fixture.database.connection.read { db in
            if let name {
                _ = try QueryCatalog.run(try QueryCatalog().query(named: name), parameters: parameters, conditions: parsed,
                                         in: db, format: .csv, to: output)
            } else {
                _ = try QueryCatalog.run(sql: try SessionScope(parsed).scoped(sql!, in: db), in: db, format: .csv, to: output)
            }
        }
        try output.flush()
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\r\n").map(String.init)
    }

    /// SessionSplitTests' twelve sessions: build 42 is sessions 6–8, thirty
    /// touchDowns with median 26.0; the iPads of builds 41 and 43 hold 20.
    @Test func cannedQueriesAndAdHocSQLSeeOnlyTheKeptSessions() throws {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: SessionCapture(sessions: SessionSplitTests.sessions()).text, name: "lab.jsonl")
        let byVariant = try csv(fixture, query: "response-by-variant", parameters: [("event", "touchDown")],
                                where: ["app.build=42"])
        #expect(byVariant.count == 2)
        #expect(byVariant[1].hasPrefix("x,v,button,touchDown,control-event,30,26,"), "\(byVariant)")
        let counted = try csv(fixture, sql: "SELECT count(*) AS n, count(DISTINCT session_id) AS sessions, median(latency_ms) "
                              + "AS p50 FROM responses", where: ["device.model=iPad13,4", "app.build=41,43"])
        #expect(counted == ["n,sessions,p50", "20,2,26"])
        let summary = try csv(fixture, query: "session-summary", where: ["deferred_edges=none", "app.build=40"])
        #expect(summary.count == 2, "session 1 alone: \(summary)")
        let unknown = #expect(throws: QueryError.self) {
            try csv(fixture, query: "session-summary", where: ["participant=p1"])
        }
        #expect(unknown?.message.hasPrefix("--where participant: no session has a configuration key participant") == true)
    }
}
