import Testing
@testable import GestureAnalysis

@Suite struct CannedQueryTests {
    @Test func headerIsParsed() throws {
        let query = try CannedQuery(text: """
            -- name: demo
            -- description: First line.
            -- description: Second line.
            -- param: limit integer = 20  How many rows.
            -- param: experiment text = NULL  Only this experiment.
            -- param: margin real = 20.5
            -- a plain comment
            SELECT :limit, :experiment, :margin;
            """, source: "demo.sql")
        #expect(query.name == "demo")
        #expect(query.description == "First line. Second line.")
        #expect(query.parameters.map(\.name) == ["limit", "experiment", "margin"])
        #expect(query.parameters.map(\.type) == [.integer, .text, .real])
        #expect(query.parameters.map(\.defaultValue) == ["20", nil, "20.5"])
        #expect(query.parameters.map(\.help) == ["How many rows.", "Only this experiment.", ""])
        #expect(query.sql == "SELECT :limit, :experiment, :margin;")
    }

    @Test(arguments: [
        ("SELECT 1;", "demo.sql:1: a query file needs a header line `-- name: NAME`"),
        ("-- name: x\n-- param: limit = 3\nSELECT 1;", "demo.sql:2: expected `-- param: NAME text|integer|real = DEFAULT  help`, found `limit = 3`"),
        ("-- name: x\n-- param: limit number = 3\nSELECT 1;", "demo.sql:2: expected `-- param: NAME text|integer|real = DEFAULT  help`"),
        ("-- name: x\n-- param: limit integer = many\nSELECT 1;", "demo.sql:2: default of limit: expected an integer, found many"),
        ("-- name: x\n-- description: nothing\n", "demo.sql: query x has no SQL after its header"),
    ])
    func malformedHeaderIsRefused(text: String, message: String) {
        let error = #expect(throws: QueryError.self) { try CannedQuery(text: text, source: "demo.sql") }
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }

    @Test func argumentsTakeDefaultsAndTypes() throws {
        let query = try CannedQuery(text: "-- name: q\n-- param: limit integer = 20\n-- param: who text = NULL\nSELECT 1;",
                                    source: "q.sql")
        #expect(try query.arguments([]) == ["limit": 20, "who": nil])
        #expect(try query.arguments([("limit", "3"), ("who", "ann")]) == ["limit": 3, "who": "ann"])
        #expect(throws: QueryError.self) { try query.arguments([("limit", "3.5")]) }
        let unknown = #expect(throws: QueryError.self) { try query.arguments([("lim", "3")]) }
        #expect(unknown?.message == "query q has no parameter lim (it takes: limit, who)")
    }
}
