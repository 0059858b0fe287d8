import GRDB
import SeededRandom
import Testing
@testable import GestureAnalysis

/// The percentile aggregates on groups large and oddly shaped enough that
/// they select ranks (``OrderStatistic``) rather than sort: every answer must
/// be the double a full sort gives.
@Suite struct PercentileSelectionTests {
    let dbQueue: DatabaseQueue

    init() throws {
        var config = Configuration()
        config.prepareDatabase { db in try PercentileFunctions.register(in: db) }
        dbQueue = try DatabaseQueue(configuration: config)
    }

    static let shuffled100k = """
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 100000),
        t(i, x) AS (SELECT i, (i * 2654435761 % 1000003) / 1000.0 FROM c)
        """

    // Tests/Reference/large_percentiles.py: float(np.percentile(x, q)), float(np.percentile(x, q, method="lower"))
    static let numpyReference: [(percent: Double, linear: Double, lower: Double)] = [
        (0, 0.007, 0.007),
        (1, 10.065930000000002, 10.059),
        (25, 250.08625, 250.081),
        (50, 500.05150000000003, 500.048),
        (90, 900.0823000000001, 900.08),
        (95, 950.0604999999996, 950.059),
        (99, 990.05107, 990.051),
        (99.9, 999.049007, 999.049),
        (100, 999.98, 999.98),
    ]

    @Test(arguments: numpyReference)
    func largeShuffledGroupMatchesNumpy(reference: (percent: Double, linear: Double, lower: Double)) throws {
        let p = reference.percent
        let row = try dbQueue.read { db in
            try Row.fetchOne(db, sql: "\(Self.shuffled100k) SELECT percentile(x, \(p)), percentile_disc(x, \(p) / 100.0) FROM t")
        }
        #expect(isClose(row?[0], reference.linear))
        #expect(row?[1] == reference.lower)
    }

    @Test func largeGroupsOfAGroupByMatchNumpy() throws {
        // Tests/Reference/large_percentiles.py: p95 of the values with i mod 100 = 0 and = 57.
        let rows = try dbQueue.read { db in
            try Row.fetchAll(db, sql: """
                \(Self.shuffled100k) SELECT i % 100 AS g, percentile(x, 95) AS p FROM t
                WHERE i % 100 IN (0, 57) GROUP BY g ORDER BY g
                """)
        }
        #expect(rows.count == 2)
        #expect(isClose(rows.first?["p"], 949.4474))
        #expect(isClose(rows.last?["p"], 950.5454))
    }

    /// Arrangements that defeat naive pivots or hold long runs of equal values.
    static let shapes: [(name: String, values: [Double])] = {
        let n = 5_000
        var generator = SeededGenerator(seed: 24)
        let random = (0..<n).map { _ in (generator.nextUniform() * 1000).rounded() / 8 }
        return [
            ("random with duplicates", random),
            ("descending", (0..<n).map { Double(n - $0) }),
            ("all equal", Array(repeating: 7.25, count: n)),
            ("two values alternating", (0..<n).map { $0 % 2 == 0 ? 1.5 : -1.5 }),
            ("organ pipe", (0..<n).map { Double(min($0, n - $0)) }),
            ("ascending but the last", (0..<n).map(Double.init) + [-1]),
            ("few distinct", (0..<n).map { Double(($0 * 7919) % 5) }),
            ("evens and shifted odds, reversed", (0..<n).map { Double($0 % 2 == 0 ? $0 : n + $0) }.reversed()),
        ]
    }()

    @Test(arguments: shapes)
    func everyFractionIsTheSortedAnswer(shape: (name: String, values: [Double])) throws {
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE v(x)")  // no affinity: values stay REAL
            for value in shape.values { try db.execute(sql: "INSERT INTO v VALUES (?)", arguments: [value]) }
        }
        let sorted = shape.values.sorted()
        for fraction in [0, 0.001, 0.25, 0.3333, 0.5, 0.9, 0.95, 0.99, 0.999, 1] {
            let row = try dbQueue.read { db in
                try Row.fetchOne(db, sql: "SELECT percentile_cont(x, ?), percentile_disc(x, ?) FROM v",
                                 arguments: [fraction, fraction])
            }
            #expect(row?[0] == Percentile.interpolated(sorted, fraction: fraction), "\(shape.name) at \(fraction)")
            #expect(row?[1] == Percentile.lower(sorted, fraction: fraction), "\(shape.name) at \(fraction)")
        }
    }

    @Test func selectionPutsEveryRankWhereASortWould() {
        var generator = SeededGenerator(seed: 7)
        for count in [1, 2, 15, 16, 17, 100, 1_001] {
            let values = (0..<count).map { _ in (generator.nextUniform() * 50).rounded() }
            let sorted = values.sorted()
            for rank in Set([0, count / 3, count / 2, count - 1]) {
                var copy = values
                let found = copy.withUnsafeMutableBufferPointer { OrderStatistic.select(rank: rank, in: $0) }
                #expect(found == sorted[rank], "rank \(rank) of \(count)")
                #expect(copy[..<rank].allSatisfy { $0 <= found } && copy[rank...].allSatisfy { $0 >= found })
                #expect(copy.sorted() == sorted)
            }
        }
    }

    @Test func theDiscretePercentileKeepsTheSortsSignedZero() throws {
        // A stable sort of (3, 0, −0, 1) is (0, −0, 1, 3): rank ⌊0.34·3⌋ = 1 holds −0.0;
        // of (3, −0, 0, 1) it is (−0, 0, 1, 3), and rank 1 holds +0.0.
        let minusFirst = try dbQueue.read { db in
            try Double.fetchOne(db, sql: "WITH t(x) AS (VALUES (3.0), (0.0), (-0.0), (1.0)) SELECT percentile_disc(x, 0.34) FROM t")
        }
        let plusFirst = try dbQueue.read { db in
            try Double.fetchOne(db, sql: "WITH t(x) AS (VALUES (3.0), (-0.0), (0.0), (1.0)) SELECT percentile_disc(x, 0.34) FROM t")
        }
        #expect(minusFirst == 0 && minusFirst?.sign == .minus)
        #expect(plusFirst == 0 && plusFirst?.sign == .plus)
    }

    @Test func manySignedZerosGiveTheSortsZeroAtEveryRank() throws {
        // Enough values for partitioning to move zeros around: the sign of
        // each discrete answer must be the one Swift's stable sort leaves there.
        let values: [Double] = (0..<200).map { index in
            switch index % 5 {
            case 0: -0.0
            case 1: 0.0
            case 2: Double(index % 7) - 3
            case 3: 0.0
            default: -0.0
            }
        }
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE v(x)")
            for value in values { try db.execute(sql: "INSERT INTO v VALUES (?)", arguments: [value]) }
        }
        let sorted = values.sorted()
        for rank in 0..<sorted.count where sorted[rank] == 0 {
            let fraction = (Double(rank) + 0.5) / Double(sorted.count - 1)
            let answer = try dbQueue.read { db in
                try Double.fetchOne(db, sql: "SELECT percentile_disc(x, ?) FROM v", arguments: [fraction])
            }
            #expect(answer?.sign == sorted[rank].sign, "rank \(rank)")
        }
    }
}
