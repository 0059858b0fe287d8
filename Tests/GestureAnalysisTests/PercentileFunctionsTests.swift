import GRDB
import Testing
@testable import GestureAnalysis

/// The SQL percentile aggregates, run as real SQL on an in-memory database.
@Suite struct PercentileFunctionsTests {
    let dbQueue: DatabaseQueue

    init() throws {
        var config = Configuration()
        config.prepareDatabase { db in try PercentileFunctions.register(in: db) }
        dbQueue = try DatabaseQueue(configuration: config)
    }

    func value(_ sql: String) throws -> Double? {
        try dbQueue.read { db in try Double.fetchOne(db, sql: sql) }
    }

    /// The error message SQLite reports for `sql`, or nil when it succeeds.
    func errorMessage(_ sql: String) -> String? {
        do {
            _ = try dbQueue.read { db in try Row.fetchAll(db, sql: sql) }
            return nil
        } catch let error as DatabaseError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    static let x9 = "WITH t(x) AS (VALUES (1),(4),(6),(7),(8),(9),(11),(11),(11))"
    static let latencies = "WITH t(x) AS (VALUES (12.5),(3.25),(7.0),(19.75),(4.5),(8.125),(15.0),(2.0),(11.5),(6.75),(9.0),(13.25),(5.5))"

    @Test func sqliteDocumentationExample() throws {
        // np.percentile([1,4,6,7,8,9,11,11,11], 15) == 4.4; method="lower" gives 4
        #expect(isClose(try value("\(Self.x9) SELECT percentile_cont(x, 0.15) FROM t"), 4.4))
        #expect(try value("\(Self.x9) SELECT percentile_disc(x, 0.15) FROM t") == 4.0)
        #expect(isClose(try value("\(Self.x9) SELECT percentile(x, 15) FROM t"), 4.4))
    }

    // Same numpy references as PercentileTests.numpyReference:
    // float(np.percentile(lat, q)), float(np.percentile(lat, q, method="lower"))
    @Test(arguments: PercentileTests.numpyReference)
    func matchesNumpy(reference: (percent: Double, linear: Double, lower: Double)) throws {
        let p = reference.percent
        #expect(isClose(try value("\(Self.latencies) SELECT percentile(x, \(p)) FROM t"), reference.linear))
        #expect(isClose(try value("\(Self.latencies) SELECT percentile_cont(x, \(p) / 100.0) FROM t"), reference.linear))
        #expect(try value("\(Self.latencies) SELECT percentile_disc(x, \(p) / 100.0) FROM t") == reference.lower)
    }

    @Test func sqlAndSwiftGiveTheSameDouble() throws {
        let sorted = PercentileTests.latencies.sorted()
        for p in [10.0, 33.3, 90, 95, 99] {
            let sql = try value("\(Self.latencies) SELECT percentile(x, \(p)) FROM t")
            #expect(sql == Percentile.of(sorted: sorted, percent: p))
        }
    }

    @Test func medianOfEvenAndOddCounts() throws {
        // np.median([4.0, 1.0, 3.0, 2.0]) == 2.5; np.median([5.0, 1.0, 3.0]) == 3.0
        #expect(try value("WITH t(x) AS (VALUES (4.0),(1.0),(3.0),(2.0)) SELECT median(x) FROM t") == 2.5)
        #expect(try value("WITH t(x) AS (VALUES (5.0),(1.0),(3.0)) SELECT median(x) FROM t") == 3.0)
    }

    @Test func integerAndRealMixed() throws {
        // np.percentile([1, 2.5, 3, 4.75], 50) == 2.75; np.percentile(..., 90) == 4.2250000000000005
        let mixed = "WITH t(x) AS (VALUES (1),(2.5),(3),(4.75))"
        #expect(try value("\(mixed) SELECT median(x) FROM t") == 2.75)
        #expect(isClose(try value("\(mixed) SELECT percentile(x, 90) FROM t"), 4.2250000000000005))
    }

    @Test func resultIsRealEvenForIntegers() throws {
        let type = try dbQueue.read { db in
            try String.fetchOne(db, sql: "\(Self.x9) SELECT typeof(median(x)) FROM t")
        }
        #expect(type == "real")
    }

    @Test func nullValuesAreIgnored() throws {
        let withNulls = "WITH t(x) AS (VALUES (NULL),(1),(4),(NULL),(6),(7),(8),(9),(11),(11),(11),(NULL))"
        #expect(isClose(try value("\(withNulls) SELECT percentile_cont(x, 0.15) FROM t"), 4.4))
        #expect(try value("\(withNulls) SELECT median(x) FROM t") == 8.0)
    }

    @Test func singleValue() throws {
        #expect(try value("SELECT percentile(7.5, 33) ") == 7.5)
        #expect(try value("SELECT percentile_disc(7.5, 0.9) ") == 7.5)
    }

    @Test func noRowsOrOnlyNullsGiveNull() throws {
        let empty = "WITH t(x) AS (SELECT 1 WHERE 0)"
        let nulls = "WITH t(x) AS (VALUES (NULL),(NULL))"
        for function in ["median(x)", "percentile(x, 50)", "percentile_cont(x, 0.5)", "percentile_disc(x, 0.5)"] {
            let emptyResult = try dbQueue.read { db in try Row.fetchOne(db, sql: "\(empty) SELECT \(function) FROM t") }
            let nullResult = try dbQueue.read { db in try Row.fetchOne(db, sql: "\(nulls) SELECT \(function) FROM t") }
            #expect(emptyResult?[0] as DatabaseValue? == .null, "\(function) over no rows")
            #expect(nullResult?[0] as DatabaseValue? == .null, "\(function) over NULLs")
        }
    }

    @Test func extremesAreMinimumAndMaximum() throws {
        #expect(try value("\(Self.x9) SELECT percentile(x, 0) FROM t") == 1)
        #expect(try value("\(Self.x9) SELECT percentile(x, 100) FROM t") == 11)
        #expect(try value("\(Self.x9) SELECT percentile_cont(x, 1) FROM t") == 11)
        #expect(try value("\(Self.x9) SELECT percentile_disc(x, 0) FROM t") == 1)
        #expect(try value("\(Self.x9) SELECT percentile_disc(x, 1.0) FROM t") == 11)
    }

    @Test func groupedAggregation() throws {
        let rows = try dbQueue.read { db in
            try Row.fetchAll(db, sql: """
                WITH t(g, x) AS (VALUES ('a', 1), ('a', 3), ('b', 10), ('b', 20), ('b', 40))
                SELECT g, median(x) AS m FROM t GROUP BY g ORDER BY g
                """)
        }
        #expect(rows.map { $0["m"] as Double } == [2, 20])
    }

    @Test func textThatLooksNumericIsAcceptedAsFraction() throws {
        // sqlite3_value_numeric_type applies numeric affinity to the P argument.
        #expect(isClose(try value("\(Self.x9) SELECT percentile(x, ' 15 ') FROM t"), 4.4))
        #expect(isClose(try value("\(Self.x9) SELECT percentile_cont(x, '.15') FROM t"), 4.4))
    }

    @Test func fractionsWithinOneThousandthAreTheSame() throws {
        // SQLite compares fractions on the 0–1 scale: P 50 and 50.05 differ by 0.0005.
        let sql = "WITH t(x, p) AS (VALUES (1, 50), (2, 50.05), (3, 50)) SELECT percentile(x, p) FROM t"
        #expect(try value(sql) == 2)
    }

    static let errorCases: [(sql: String, message: String)] = [
        ("\(x9) SELECT percentile(x, 101) FROM t",
         "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("\(x9) SELECT percentile(x, -0.5) FROM t",
         "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("\(x9) SELECT percentile(x, 'abc') FROM t",
         "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("\(x9) SELECT percentile(x, '0x10') FROM t",
         "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("\(x9) SELECT percentile(x, NULL) FROM t",
         "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("\(x9) SELECT percentile(x, x'35') FROM t",
         "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("\(x9) SELECT percentile_cont(x, 1.5) FROM t",
         "the fraction argument to percentile_cont() is not between 0.0 and 1.0"),
        ("\(x9) SELECT percentile_disc(x, 50) FROM t",
         "the fraction argument to percentile_disc() is not between 0.0 and 1.0"),
        ("WITH t(x) AS (VALUES (NULL)) SELECT percentile_disc(x, -1) FROM t",
         "the fraction argument to percentile_disc() is not between 0.0 and 1.0"),
        ("\(x9) SELECT percentile(x, x * 10) FROM t",
         "the fraction argument to percentile() is not the same for all input rows"),
        ("WITH t(x, f) AS (VALUES (1, 0.5), (2, 0.502)) SELECT percentile_cont(x, f) FROM t",
         "the fraction argument to percentile_cont() is not the same for all input rows"),
        ("WITH t(x) AS (VALUES (1), ('12')) SELECT percentile(x, 50) FROM t",
         "input to percentile() is not numeric"),
        ("WITH t(x) AS (VALUES (1), (x'00')) SELECT median(x) FROM t",
         "input to median() is not numeric"),
        ("WITH t(x) AS (VALUES ('a')) SELECT percentile_disc(x, 0.5) FROM t",
         "input to percentile_disc() is not numeric"),
        ("WITH t(x) AS (VALUES (1), (9e999)) SELECT percentile_cont(x, 0.5) FROM t",
         "Inf input to percentile_cont()"),
        ("WITH t(x) AS (VALUES (-9e999)) SELECT median(x) FROM t",
         "Inf input to median()"),
    ]

    @Test(arguments: errorCases)
    func sqliteErrorMessages(errorCase: (sql: String, message: String)) {
        #expect(errorMessage(errorCase.sql) == errorCase.message)
    }

}
