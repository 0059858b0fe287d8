#if PostgreSQL
import Foundation
import GestureStore
import GRDB
import Testing
@testable import GestureStorePostgreSQL

/// The server's cell path (`forEachRow(projectSQL:…cells:)`, each row sent
/// as a record and read from its bytes) hands over what the value path
/// gives, column for column, for every type a store's SQL can return.
struct ServerCellsTests {
    /// Records what a sink is handed, as the values the value path gives.
    final class Recorder: CellSink {
        var rows: [[DatabaseValue]] = []
        private var row: [DatabaseValue] = []
        func integer(_ value: Int64) { row.append(value.databaseValue) }
        func real(_ value: Double) { row.append(value.databaseValue) }
        func text(_ bytes: UnsafeRawBufferPointer) { row.append(String(decoding: bytes, as: UTF8.self).databaseValue) }
        func blob(_ bytes: UnsafeRawBufferPointer) { row.append(Data(bytes).databaseValue) }
        func null() { row.append(.null) }
        func endRow() throws {
            rows.append(row)
            row = []
        }
    }

    /// Each a statement of one row or more; types the record form reads
    /// from the bytes and types it hands to the cell conversion.
    static let statements = [
        "SELECT 1::int2 AS a, 2::int4 AS b, (-9223372036854775807 - 1)::int8 AS c, 0.1::float4 AS d",
        "SELECT 'NaN'::float8 AS a, '-Infinity'::float8 AS b, '-0'::float8 AS c, 5e-324::float8 AS d, 1e300::float8 AS e",
        "SELECT true AS a, 12.5::numeric AS b, 12::numeric AS c, 'a,\"b\"'::text AS d, ''::text AS e, NULL::text AS f",
        "SELECT 'ünï €'::varchar AS a, 'x'::char(3) AS b, 'name'::name AS c, '\\x00ff'::bytea AS d, '2026-11-29'::date AS e",
        "SELECT n, n * 0.5::float8 AS half, repeat('x', n::int) AS xs FROM generate_series(1, 2500) AS n ORDER BY n DESC;",
        "SELECT 1 AS a, 2 AS a -- the same name twice, and a comment last",
    ]

    @Test(.enabled(if: ServerTestDatabase.enabled), arguments: statements)
    func cellsAreTheValues(_ sql: String) throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        var names: [String] = []
        var values: [[DatabaseValue]] = []
        try reader.forEachRow(sql: sql, arguments: [], columns: { names = $0 }, row: { values.append($0) })

        let recorder = Recorder()
        var cellNames: [String] = []
        try reader.forEachRow(projectSQL: sql, arguments: [], columns: { cellNames = $0 }, cells: recorder)
        #expect(cellNames == names)
        #expect(recorder.rows.count == values.count)
        for (cells, expected) in zip(recorder.rows, values) {
            #expect(cells.count == expected.count)
            for (cell, value) in zip(cells, expected) {
                // NaN is not equal to itself; compare doubles by their bits.
                if case .double(let a) = cell.storage, case .double(let b) = value.storage {
                    #expect(a.bitPattern == b.bitPattern, "\(sql)")
                } else {
                    #expect(cell == value, "\(sql)")
                }
            }
        }
    }

    @Test(.enabled(if: ServerTestDatabase.enabled))
    func noRowsStillNameTheColumns() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        let recorder = Recorder()
        var names: [String] = []
        try reader.forEachRow(projectSQL: "SELECT id, file_name FROM capture WHERE false", arguments: [],
                              columns: { names = $0 }, cells: recorder)
        #expect(names == ["id", "file_name"])
        #expect(recorder.rows.isEmpty)
    }

    @Test(.enabled(if: ServerTestDatabase.enabled))
    func argumentsAreBound() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        let recorder = Recorder()
        try reader.forEachRow(projectSQL: "SELECT :n::int8 + 1 AS next, :s AS s", arguments: StoreArguments(named: ["n": 41.databaseValue, "s": "x".databaseValue]),
                              columns: { _ in }, cells: recorder)
        #expect(recorder.rows == [[42.databaseValue, "x".databaseValue]])
    }

    /// A sink that stops the statement after `limit` rows, as a closed pipe does.
    final class Stopping: CellSink {
        struct Stop: Error, Equatable {}
        let limit: Int
        var rows = 0
        init(limit: Int) { self.limit = limit }
        func integer(_ value: Int64) {}
        func real(_ value: Double) {}
        func text(_ bytes: UnsafeRawBufferPointer) {}
        func blob(_ bytes: UnsafeRawBufferPointer) {}
        func null() {}
        func endRow() throws {
            rows += 1
            if rows == limit { throw Stop() }
        }
    }

    /// The sink's own error ends the statement, not postgres-nio's
    /// cancellation of it, and the reader goes on answering.
    @Test(.enabled(if: ServerTestDatabase.enabled))
    func theSinksErrorStopsTheStatement() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        let sink = Stopping(limit: 3)
        #expect(throws: Stopping.Stop()) {
            try reader.forEachRow(projectSQL: "SELECT n FROM generate_series(1, 100000) AS n", arguments: [],
                                  columns: { _ in }, cells: sink)
        }
        #expect(sink.rows == 3)
        #expect(try reader.fetchInt(sql: "SELECT 7") == 7)
    }

    @Test(.enabled(if: ServerTestDatabase.enabled))
    func aFailingStatementIsTheSeamsError() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        let error = #expect(throws: StoreError.self) {
            try reader.forEachRow(projectSQL: "SELECT nope FROM capture", arguments: [], columns: { _ in },
                                  cells: Recorder())
        }
        #expect(error?.statement?.message == "column \"nope\" does not exist")
        // The reader goes on answering.
        #expect(try reader.fetchInt(sql: "SELECT 7") == 7)
    }
}
#endif
