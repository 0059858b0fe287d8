#if PostgreSQL
import Foundation
import GestureAnalysis
import GestureStore
import GRDB
import Testing
@testable import GestureStorePostgreSQL

/// The two-argument percentile calls, which the reading connection sends in
/// their in-place form (``PercentileCalls``, server migration 0006), answer
/// and fail as SQLite's do: the same table on both engines, the same SQL,
/// the same values or the same message.
///
/// Expected values: Tests/Reference/percentile_pairs.py (numpy, "linear"
/// and "lower"). The messages are SQLite 3.51's.
@Suite(.enabled(if: ServerTestDatabase.enabled))
struct ServerPercentilePairsTests {
    /// (group, row order, Y, P). NaN is NULL once in SQLite.
    static let rows: [(group: String, order: Int, y: Double?, p: Double?)] = {
        var rows: [(String, Int, Double?, Double?)] = []
        func add(_ group: String, _ ys: [Double?], _ ps: [Double?]) {
            for (index, (y, p)) in zip(ys, ps).enumerated() { rows.append((group, index + 1, y, p)) }
        }
        add("plain", [1, 4, 6, 7, 8, 9, 11, 11, 11], Array(repeating: 15, count: 9))
        add("nulls", [nil, 2, nil, 4], [50, 50, 50, 50])
        add("nan", [.nan, 1, 3], [50, 50, 50])
        add("inf", [1, .infinity], [50, 50])
        add("minf", [-.infinity, nil], [50, 50])
        add("range", [1, 2], [50, 150])
        add("vary", [1, 2, 3], [50, 50.05, 50.2])
        add("varyok", [1, 2, 3], [50, 50.05, 49.95])
        // The first failing row decides the message, not the kind of failure.
        add("inffirst", [1, .infinity, 2], [50, 50, 150])
        add("rangefirst", [1, .infinity], [50, 150])
        add("nullp", [1], [nil])
        return rows
    }()

    static func from(_ group: String) -> String { " FROM (SELECT * FROM pt WHERE g = '\(group)' ORDER BY i) AS s" }

    static let cases: [(sql: String, expected: String)] = [
        ("SELECT percentile(y, p)" + from("plain"), "4.4"),
        ("SELECT percentile_cont(y, p / 100)" + from("plain"), "4.4"),
        ("SELECT percentile_disc(y, p / 100)" + from("plain"), "4.0"),
        ("SELECT percentile(y, 50)" + from("nulls"), "3.0"),
        ("SELECT percentile(y, p)" + from("nan"), "2.0"),
        ("SELECT percentile(y, p)" + from("inf"), "Inf input to percentile()"),
        ("SELECT percentile_cont(y, 0.5)" + from("minf"), "Inf input to percentile_cont()"),
        ("SELECT percentile(y, p)" + from("range"), "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("SELECT percentile_disc(y, p)" + from("plain"), "the fraction argument to percentile_disc() is not between 0.0 and 1.0"),
        ("SELECT percentile(y, p)" + from("vary"), "the fraction argument to percentile() is not the same for all input rows"),
        ("SELECT percentile(y, p)" + from("varyok"), "2.0"),
        ("SELECT percentile(y, p)" + from("inffirst"), "Inf input to percentile()"),
        ("SELECT percentile(y, p)" + from("rangefirst"), "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("SELECT percentile(y, p)" + from("nullp"), "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("SELECT percentile(y, -0.0)" + from("plain"), "1.0"),
        // Empty groups: no row, only NULLs, everything filtered out.
        ("SELECT percentile(y, p)" + from("none"), "NULL"),
        ("SELECT percentile(y, p) FROM pt WHERE g = 'nulls' AND y IS NULL", "NULL"),
        ("SELECT percentile(y, 50) FILTER (WHERE y > 100)" + from("plain"), "NULL"),
        ("SELECT percentile(y, 50) FILTER (WHERE y > 6)" + from("plain"), "10.0"),
        // A group per value of g.
        ("SELECT percentile(y, 50) FROM pt WHERE g IN ('plain', 'nulls') GROUP BY g ORDER BY g", "3.0;8.0"),
        // Windows: a sliding frame, a growing one with a FILTER, partitions.
        ("SELECT percentile(y, 50) OVER (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)" + from("plain"),
         "1.0;2.5;5.0;6.5;7.5;8.5;10.0;11.0;11.0"),
        ("SELECT percentile(y, 50) FILTER (WHERE y <> 8) OVER (ORDER BY i ROWS UNBOUNDED PRECEDING)" + from("plain"),
         "1.0;2.5;4.0;5.0;5.0;6.0;6.5;7.0;8.0"),
        ("SELECT percentile_disc(y, 0.5) OVER w FROM pt WHERE g IN ('nan', 'nulls') "
            + "WINDOW w AS (PARTITION BY g ORDER BY i ROWS UNBOUNDED PRECEDING) ORDER BY g, i",
         "NULL;1.0;1.0;NULL;2.0;2.0;2.0"),
        ("SELECT percentile(y, p) OVER (ORDER BY i)" + from("inf"), "Inf input to percentile()"),
    ]

    @Test func answersAndFailsAsSQLiteDoes() throws {
        let sqlite = try DatabaseQueue()
        try sqlite.inDatabase { db in
            try PercentileFunctions.register(in: db)
            try db.execute(sql: "CREATE TABLE pt (g TEXT, i INTEGER, y REAL, p REAL)")
            for row in Self.rows {
                try db.execute(sql: "INSERT INTO pt VALUES (?, ?, ?, ?)", arguments: [row.group, row.order, row.y, row.p])
            }
        }
        let reader = try ServerTestDatabase.freshStore { connection in
            try connection.execute("CREATE TABLE pt (g text COLLATE \"C\", i bigint, y double precision, p double precision)")
            for row in Self.rows {
                try connection.execute("INSERT INTO pt VALUES ('\(row.group)', \(row.order), \(Self.literal(row.y)), \(Self.literal(row.p)))")
            }
        }
        defer { reader.close() }
        for (sql, expected) in Self.cases {
            let onSQLite = try sqlite.read { db in Self.column(sql, db) }
            #expect(onSQLite == expected, "SQLite: \(sql)")
            #expect(Self.column(sql, reader) == expected, "PostgreSQL: \(sql)")
        }
    }

    /// The reader sends the in-place form, so a group of n values costs one
    /// sort: 0001's aggregate, quadratic in n, took minutes for these.
    @Test(.timeLimit(.minutes(1))) func aLargeGroupSortsOnce() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        // 270,000 values (every tenth i is NULL), i from 1 to 300,000 otherwise:
        // the 95th percentile sits at 0.95 * 269,999 = 256,499.05 among them,
        // 284,999.1 (numpy: np.percentile of those values at 95).
        let sql = "SELECT percentile(CASE WHEN i % 10 = 0 THEN NULL ELSE i::float8 END, ?) FROM generate_series(1, 300000) AS s(i)"
        #expect(Self.column(sql.replacingOccurrences(of: "?", with: "50"), reader) == "150000.0")
        #expect(try reader.fetchDoubles(sql: sql, arguments: [95]) == [Self.value(at: 0.95 * 269_999)])
    }

    /// The value at a position among 1...300,000 without multiples of 10, interpolated.
    static func value(at position: Double) -> Double {
        func nth(_ k: Int) -> Double { Double(k / 9 * 10 + k % 9 + 1) }
        let low = Int(position)
        return nth(low) + (nth(low + 1) - nth(low)) * (position - Double(low))
    }

    static func literal(_ value: Double?) -> String {
        guard let value else { return "NULL" }
        if value.isNaN { return "'NaN'::float8" }
        if value.isInfinite { return value > 0 ? "'Infinity'::float8" : "'-Infinity'::float8" }
        return "\(value)::float8"
    }

    /// The column's values as text joined by `;`, or the error's message.
    static func column(_ sql: String, _ reader: some StoreReader) -> String {
        do {
            return try reader.fetchColumn(sql: sql).map { value in
                switch value.storage {
                case .null: "NULL"
                case .double(let double): "\(double)"
                case .int64(let integer): "\(integer)"
                case .string(let text): text
                case .blob: "blob"
                }
            }.joined(separator: ";")
        } catch let error as StoreError {
            return error.statement?.message ?? error.message
        } catch {
            return "\(error)"
        }
    }
}
#endif
