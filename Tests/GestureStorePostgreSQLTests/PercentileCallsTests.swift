#if PostgreSQL
import Testing
@testable import GestureStorePostgreSQL

/// What the reading connection sends for SQL that calls the two-argument
/// percentile aggregates: each call by the store's name becomes the
/// in-place form, with its FILTER and OVER; everything that only looks like
/// one stays exactly as written.
struct PercentileCallsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var sql: String
        var sent: String
        var testDescription: String { sql }
    }

    /// The in-place form up to the end of its `array_agg(…)`, around the arguments.
    static func pairs(_ arguments: String) -> String {
        "(pg_catalog.array_agg(gesturelab_pair(\(arguments)))"
    }

    static let rewritten: [Case] = [
        Case(sql: "SELECT percentile(latency_ms, 95) FROM responses",
             sent: "SELECT percentile\(pairs("latency_ms, 95"))) FROM responses"),
        Case(sql: "SELECT percentile_cont(v,0.5), PERCENTILE_DISC ( v , ? ) FROM t",
             sent: "SELECT percentile_cont\(pairs("v,0.5"))), PERCENTILE_DISC (pg_catalog.array_agg(gesturelab_pair( v , ? ))) FROM t"),
        Case(sql: "SELECT percentile(v, 50) FILTER (WHERE v > :low) FROM t",
             sent: "SELECT percentile\(pairs("v, 50")) FILTER (WHERE v > :low)) FROM t"),
        Case(sql: "SELECT percentile(v, 50) OVER (PARTITION BY g ORDER BY v) FROM t",
             sent: "SELECT percentile\(pairs("v, 50")) OVER (PARTITION BY g ORDER BY v)) FROM t"),
        Case(sql: "SELECT percentile(v, 50) FILTER (WHERE v > 1) OVER w FROM t WINDOW w AS (ORDER BY v)",
             sent: "SELECT percentile\(pairs("v, 50")) FILTER (WHERE v > 1) OVER w) FROM t WINDOW w AS (ORDER BY v)"),
        // Comments between the name and its parenthesis, and in the arguments, stay where they were.
        Case(sql: "SELECT percentile /* p95 */ (v, -- the value\n 95) FROM t",
             sent: "SELECT percentile /* p95 */ (pg_catalog.array_agg(gesturelab_pair(v, -- the value\n 95))) FROM t"),
        // Parentheses and commas inside an argument, a string or a comment belong to it.
        Case(sql: "SELECT percentile(coalesce(v, 0), (SELECT max(p) FROM q)) FROM t",
             sent: "SELECT percentile\(pairs("coalesce(v, 0), (SELECT max(p) FROM q)"))) FROM t"),
        Case(sql: "SELECT percentile(v || ',)', 50 /* ,) */) FROM t",
             sent: "SELECT percentile\(pairs("v || ',)', 50 /* ,) */"))) FROM t"),
        // Nested: a call in an argument's subquery, and one in another's FILTER.
        Case(sql: "SELECT percentile(v, (SELECT percentile(p, 50) FROM q)) FROM t",
             sent: "SELECT percentile\(pairs("v, (SELECT percentile\(pairs("p, 50"))) FROM q)"))) FROM t"),
        Case(sql: "SELECT median(v) FILTER (WHERE v < (SELECT percentile_disc(v, 0.9) FROM t)) FROM t",
             sent: "SELECT median(v) FILTER (WHERE v < (SELECT percentile_disc\(pairs("v, 0.9"))) FROM t)) FROM t"),
        // An expression around the call, a cast after it, and an alias.
        Case(sql: "SELECT round(percentile(v, 50)::numeric, 2) AS p50 FROM t",
             sent: "SELECT round(percentile\(pairs("v, 50")))::numeric, 2) AS p50 FROM t"),
        Case(sql: "SELECT 1-percentile(v,50)FROM t",
             sent: "SELECT 1-percentile\(pairs("v,50")))FROM t"),
    ]

    static let untouched: [String] = [
        "SELECT 'percentile(v, 50)' FROM t",
        "SELECT \"percentile(v, 50)\" FROM t",
        "SELECT \"percentile\"(v, 50) FROM t",
        "SELECT v -- percentile(v, 50)\nFROM t",
        "SELECT v /* percentile(v, 50) /* nested */ percentile(v, 1) */ FROM t",
        "SELECT $$percentile(v, 50)$$ FROM t",
        // PostgreSQL's own ordered-set aggregates, qualified or not.
        "SELECT pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM t",
        "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM t",
        "SELECT percentile_disc(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY v) FROM t",
        // Schema-qualified: whatever the user means, they named it.
        "SELECT public.percentile(v, 50) FROM t",
        // Not two arguments, or arguments SQLite takes differently.
        "SELECT median(v), percentile(v), percentile(v, 50, 1) FROM t",
        "SELECT percentile(DISTINCT v, 50) FROM t",
        "SELECT percentile(ALL v, 50) FROM t",
        "SELECT percentile(v, 50 ORDER BY v) FROM t",
        // Names, not calls.
        "SELECT percentile, percentile_cont FROM t",
        "SELECT x.percentile FROM t AS x",
        "SELECT my_percentile(v, 50), percentile_x(v, 50), x$percentile(v, 50) FROM t",
        "SELECT * FROM (VALUES (1, 2)) AS percentile(a, b)",
        "SELECT * FROM (VALUES (1, 2)) percentile(a, b)",
        "WITH percentile(a, b) AS (SELECT 1, 2) SELECT * FROM percentile",
        "WITH percentile(a, b) AS MATERIALIZED (SELECT 1, 2) SELECT * FROM percentile",
        "INSERT INTO percentile(a, b) VALUES (1, 2)",
        "DROP AGGREGATE percentile(double precision, double precision)",
        "DROP FUNCTION IF EXISTS percentile(double precision, double precision)",
        // Unbalanced: the server says what is wrong with it.
        "SELECT percentile(v, 50 FROM t",
        "",
    ]

    @Test(arguments: rewritten) func sendsTheInPlaceForm(_ example: Case) {
        #expect(PercentileCalls.rewrite(example.sql) == example.sent)
    }

    @Test(arguments: untouched) func leavesAlone(_ sql: String) {
        #expect(PercentileCalls.rewrite(sql) == sql)
    }

    /// The rewrite runs before the parameters are numbered, so a `?` inside
    /// a call keeps its place in the order.
    @Test func parametersKeepTheirOrder() throws {
        let sql = try PortableSQL(PercentileCalls.rewrite("SELECT ?, percentile(v, ?) FILTER (WHERE g = :g) FROM t WHERE v > ?"))
        let statement = try sql.statement(.init([1, 95, 2], named: ["g": "a".databaseValue]))
        #expect(statement.text == "SELECT $1, percentile(pg_catalog.array_agg(gesturelab_pair(v, $2)) FILTER (WHERE g = $3)) FROM t WHERE v > $4")
        #expect(statement.values == [1.databaseValue, 95.databaseValue, "a".databaseValue, 2.databaseValue])
    }
}
#endif
