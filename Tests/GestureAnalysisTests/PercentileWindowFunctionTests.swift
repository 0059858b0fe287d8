import GRDB
import Testing
@testable import GestureAnalysis

/// The percentile functions used as window functions (`OVER (...)`), as SQLite 3.51 allows.
///
/// Reference values come from SQLite 3.54.1 itself (Python's `apsw` 3.54.1.0,
/// whose SQLite has the percentile functions built in), running the same SQL
/// over the same rows; the cases of `percentile-3.*` are SQLite's own tests.
@Suite struct PercentileWindowFunctionTests {
    let dbQueue: DatabaseQueue

    init() throws {
        var config = Configuration()
        config.prepareDatabase { db in try PercentileFunctions.register(in: db) }
        dbQueue = try DatabaseQueue(configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t(i INTEGER PRIMARY KEY, g TEXT, x)")
            for (i, x) in Self.values.enumerated() {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [i, i % 2 == 0 ? "a" : "b", x])
            }
        }
    }

    static let values: [Double?] = [
        12.5, nil, 3.25, 7, 19.75, 4.5, nil, nil, 8.125, 15, 2, 11.5, 6.75, 9, 13.25, 5.5, 7, 7, 30, 1,
    ]

    /// One window expression and SQLite 3.54.1's answers for rows i = 0…19.
    static let windows: [(expression: String, expected: [Double?])] = [
        ("median(x) OVER (ORDER BY i ROWS BETWEEN 4 PRECEDING AND CURRENT ROW)",
         [12.5, 12.5, 7.875, 7.0, 9.75, 5.75, 5.75, 7.0, 8.125, 8.125, 8.125, 9.8125, 8.125, 9.0, 9.0, 9.0,
          7.0, 7.0, 7.0, 7.0]),
        ("percentile(x, 90) OVER (ORDER BY i ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING)",
         [11.575000000000001, 11.4, 17.575000000000003, 15.925000000000002, 15.925000000000002,
          17.200000000000003, 17.425, 13.625, 13.625, 13.950000000000001, 13.600000000000001,
          13.600000000000001, 12.55, 12.55, 11.55, 11.55, 23.3, 20.800000000000004, 23.100000000000005,
          25.400000000000002]),
        ("percentile_disc(x, 0.6) OVER (ORDER BY i)",
         [12.5, 12.5, 3.25, 7.0, 7.0, 7.0, 7.0, 7.0, 8.125, 8.125, 8.125, 8.125, 8.125, 9.0, 9.0, 9.0,
          8.125, 8.125, 9.0, 8.125]),
        ("percentile_cont(x, 0.75) OVER (PARTITION BY g ORDER BY i ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING)",
         [nil, nil, 12.5, nil, 10.1875, 7.0, 16.125, 6.375, 15.625, 6.375, 16.84375, 12.375, 6.59375,
          14.125, 7.4375, 13.25, 10.0, 10.25, 10.125, 8.0]),
        ("median(i) OVER (ORDER BY x RANGE BETWEEN 5 PRECEDING AND 5 FOLLOWING)",
         [10.0, 6.0, 11.0, 11.0, 6.5, 12.0, 6.0, 6.0, 11.0, 9.0, 12.0, 11.5, 11.0, 12.0, 11.0, 12.0,
          11.0, 11.0, 18.0, 10.0]),
    ]

    @Test(arguments: windows)
    func matchesSQLite354(window: (expression: String, expected: [Double?])) throws {
        let results = try dbQueue.read { db in
            try Optional<Double>.fetchAll(db, sql: "SELECT \(window.expression) FROM t ORDER BY i")
        }
        #expect(results == window.expected)
    }

    /// SQLite's test/percentile.test, cases percentile-3.1 to 3.3: median() as a window function.
    @Test(arguments: [
        ("ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING", [9.7, 8.4, 5.9, 2.7, 5.9, 7.1, 9.8]),
        ("ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING", [9.7, 8.4, 7.15, 5.9, 6.5, 7.1, 7.1]),
        ("ROWS BETWEEN 1 PRECEDING AND UNBOUNDED FOLLOWING", [7.1, 7.1, 6.5, 5.9, 6.5, 7.1, 9.8]),
    ])
    func sqliteOwnWindowTests(frame: String, expected: [Double]) throws {
        let medians = try dbQueue.read { db in
            try Double.fetchAll(db, sql: """
                WITH t1(a, b, c, d) AS (VALUES (1, 'A', 'one', 8.4), (2, 'B', 'two', 7.1), (3, 'C', 'three', 5.9),
                    (4, 'D', 'one', 11.0), (5, 'E', 'two', 12.5), (6, 'F', 'three', 0.0), (7, 'G', 'one', 2.7))
                SELECT median(d) OVER (ORDER BY c, a \(frame)) FROM t1 ORDER BY c, a
                """)
        }
        #expect(zip(medians, expected).allSatisfy { abs($0 - $1) < 1e-12 } && medians.count == expected.count,
                "\(medians)")
    }

    @Test func aFractionThatChangesInsideAWindowIsRefused() throws {
        // SQLite 3.54.1 gives the same error for this window.
        let error = #expect(throws: DatabaseError.self) {
            try dbQueue.read { db in
                _ = try Row.fetchAll(db, sql: """
                    SELECT percentile(x, 15 + 0.1 * i) OVER (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t
                    """)
            }
        }
        #expect(error?.message == "the fraction argument to percentile() is not the same for all input rows")
    }

    @Test func aWindowThatEmptiesGivesNull() throws {
        let results = try dbQueue.read { db in
            try Optional<Double>.fetchAll(db, sql: """
                WITH v(i, x) AS (VALUES (1, 5.0), (2, NULL), (3, NULL), (4, 2.0))
                SELECT median(x) OVER (ORDER BY i ROWS BETWEEN CURRENT ROW AND CURRENT ROW) FROM v ORDER BY i
                """)
        }
        #expect(results == [5.0, nil, nil, 2.0])
    }

    @Test func theWindowForgetsRemovedDuplicatesOneAtATime() {
        var window = PercentileWindow()
        defer { window.release() }
        for value in [3.0, 1, 3, 2] { window.add(value) }
        window.remove(3)
        #expect(window.percentile(fraction: 1, discrete: false) == 3)
        window.remove(3)
        #expect(window.percentile(fraction: 1, discrete: false) == 2)
        window.remove(1)
        window.remove(2)
        #expect(window.isEmpty)
        #expect(window.percentile(fraction: 0.5, discrete: true) == nil)
    }
}
