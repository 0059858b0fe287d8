#if PostgreSQL
import Foundation
import GestureAnalysis
import GestureStore
import GRDB
import Testing
@testable import GestureStorePostgreSQL

/// The percentile family on the server gives SQLite's answers and errors.
///
/// Reference values: numpy, `np.percentile([1,4,6,7,8,9,11,11,11], 15)` = 4.4
/// (method "linear"), `method="lower"` at 15 % = 4.0, `np.median([7, 8, 9, 11, 11, 11])` = 10.0.
/// Each statement after a failed one still runs: a failure does not spoil the reader.
@Suite(.enabled(if: ServerTestDatabase.enabled))
struct ServerPercentileTests {
    static let cases: [(sql: String, expected: String)] = [
        ("SELECT percentile(v, 15) FROM t", "4.4"),
        ("SELECT median(v) FROM t", "8.0"),
        ("SELECT percentile_cont(v, 0.15) FROM t", "4.4"),
        ("SELECT percentile_disc(v, 0.15) FROM t", "4.0"),
        ("SELECT percentile(v, 100) FROM t", "11.0"),
        ("SELECT percentile(v, '50') FROM t", "8.0"),
        ("SELECT percentile(CASE WHEN v > 6 THEN v END, 50) FROM t", "10.0"),
        ("SELECT median(v) FROM t WHERE v > 100", "NULL"),
        ("SELECT median(CASE WHEN v > 100 THEN v END) FROM t", "NULL"),
        ("SELECT median(CASE WHEN v > 6 THEN v END) FROM t", "10.0"),
        ("SELECT percentile(v, 150) FROM t", "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("SELECT percentile_cont(v, 2) FROM t", "the fraction argument to percentile_cont() is not between 0.0 and 1.0"),
        ("SELECT percentile(v, NULL) FROM t", "the fraction argument to percentile() is not between 0.0 and 100.0"),
        ("SELECT percentile(v, v) FROM t", "the fraction argument to percentile() is not the same for all input rows"),
        ("SELECT group_concat(v, '|') FROM (SELECT CAST(v AS TEXT) AS v FROM t WHERE v < 7 ORDER BY v) AS s",
         "1.0|4.0|6.0"),
    ]

    static let values = "WITH t(v) AS (VALUES (1.0), (4.0), (6.0), (7.0), (8.0), (9.0), (11.0), (11.0), (11.0)) "

    @Test func answersAsSQLiteDoes() throws {
        let sqlite = try DatabaseQueue()
        try sqlite.inDatabase { try PercentileFunctions.register(in: $0) }
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        for (sql, expected) in Self.cases {
            let onSQLite = try sqlite.read { db in Self.answer(Self.values + sql, db) }
            let onServer = Self.answer(Self.values + sql, reader)
            #expect(onSQLite == expected, "SQLite: \(sql)")
            #expect(onServer == expected, "PostgreSQL: \(sql)")
        }
    }

    @Test func refusesInfiniteInputAndTheOrderedSetFormStaysReachable() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        #expect(Self.answer("SELECT median(v) FROM (VALUES (1.0::float8), ('Infinity'::float8)) AS t(v)", reader)
            == "Inf input to median()")
        #expect(Self.answer(Self.values + "SELECT pg_catalog.percentile_cont(0.15) WITHIN GROUP (ORDER BY v) FROM t",
                            reader) == "4.4")
    }

    @Test func aWindowMedianRolls() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        let rows = try reader.fetchDoubles(sql: """
            SELECT median(v) OVER (ORDER BY v ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
            FROM (VALUES (1.0), (4.0), (6.0)) AS t(v)
            """)
        #expect(rows == [1, 2.5, 5])
        // A frame that only grows: the final function runs again and again on
        // one state (median's is appended in place since migration 0004).
        let growing = try reader.fetchDoubles(sql: """
            SELECT median(v) OVER (ORDER BY v) FROM (VALUES (1.0), (4.0), (6.0), (10.0)) AS t(v)
            """)
        #expect(growing == [1, 2.5, 4, 5])
    }

    /// Migration 0004: median's step is array_append, so a group of n values
    /// costs one sort, not n copies of the state (0001's step took minutes
    /// for this group). NULLs and NaN are still skipped, infinities refused.
    @Test(.timeLimit(.minutes(1))) func theMedianOfManyValuesSortsOnce() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        // 270,000 values (every tenth i is NULL): the middle two are 149,999 and 150,001.
        #expect(Self.answer("SELECT median(CASE WHEN i % 10 = 0 THEN NULL ELSE i::float8 END) "
                            + "FROM generate_series(1, 300000) AS s(i)", reader) == "150000.0")
        #expect(Self.answer("SELECT median(v) FROM (VALUES (1.0::float8), ('NaN'::float8), (3.0)) AS t(v)", reader)
            == "2.0")
        #expect(Self.answer("SELECT median(v) FROM (VALUES (NULL::float8), ('NaN'::float8)) AS t(v)", reader)
            == "NULL")
        #expect(Self.answer("SELECT median(v) FROM (VALUES ('-Infinity'::float8), (NULL)) AS t(v)", reader)
            == "Inf input to median()")
    }

    /// The PostgreSQL variants of the canned queries (Queries/postgresql/)
    /// compute percentile(Y, P) as pg_catalog.percentile_cont(P / 100) WITHIN
    /// GROUP (ORDER BY Y): the same double, bit for bit, on finite values.
    @Test func theOrderedSetFormGivesTheSameDoubles() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        let values = "WITH t(v) AS (SELECT (i * 7919 % 1000) / 7.0::float8 FROM generate_series(1, 999) AS s(i)) "
        for p in [0, 15, 50, 90, 95, 99, 100] {
            let sql = values + "SELECT percentile(v, \(p)) = pg_catalog.percentile_cont(\(p) / 100.0::float8) "
                + "WITHIN GROUP (ORDER BY v) AND median(v) = pg_catalog.percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM t"
            #expect(Self.answer(sql, reader) == "1", "p = \(p)")
        }
    }

    /// The first value as text (reals with at least one decimal), or the error's message.
    static func answer(_ sql: String, _ reader: some StoreReader) -> String {
        do {
            guard let value = try reader.fetchColumn(sql: sql).first else { return "no row" }
            switch value.storage {
            case .null: return "NULL"
            case .double(let double): return "\(double)"
            case .int64(let integer): return "\(integer)"
            case .string(let text): return text
            case .blob: return "blob"
            }
        } catch let error as StoreError {
            return error.statement?.message ?? error.message
        } catch {
            return "\(error)"
        }
    }
}

/// A fresh database on the test server (`GESTURELAB_TEST_POSTGRES_URL`),
/// migrated and opened for reading. Skips loudly outside CI without one.
enum ServerTestDatabase {
    static let url = ProcessInfo.processInfo.environment["GESTURELAB_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let enabled: Bool = {
        let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
        if url == nil && !isCI {
            FileHandle.standardError.write(Data(
                "⚠️  SKIPPING PostgreSQL tests: GESTURELAB_TEST_POSTGRES_URL is not set (scripts/postgres-test-server.sh)\n".utf8))
        }
        return url != nil || isCI
    }()

    /// `prepare` runs on the migrated database before the reader opens it
    /// (the reader's transaction is read-only).
    static func freshStore(prepare: (ServerConnection) throws -> Void = { _ in }) throws -> ServerReader {
        let base = try ServerAddress(url: try #require(url, "CI=true needs GESTURELAB_TEST_POSTGRES_URL"))
        let name = "u_" + UUID().uuidString.prefix(8).lowercased()
        let admin = try ServerConnection(base)
        try admin.execute("CREATE DATABASE \(name)")
        admin.close()
        var address = base
        address.database = name
        let connection = try ServerConnection(address)
        try ServerSchema().migrate(connection)
        try prepare(connection)
        connection.close()
        return try ServerReader(address)
    }
}
#endif
