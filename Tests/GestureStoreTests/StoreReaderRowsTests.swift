import Foundation
import GRDB
import Testing
@testable import GestureStore

/// Rows read from a SQLite store through the seam: every column's storage
/// class comes back as stored, and a row kept by the caller keeps its
/// values after the next row is read (the reader fills one array per row
/// in place, so keeping one must copy it).
@Suite struct StoreReaderRowsTests {
    private let longText = "a text longer than a small string, so it lives on the heap"

    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE mixed (id INTEGER, ratio REAL, label TEXT, bytes BLOB)")
            try db.execute(sql: "INSERT INTO mixed VALUES (1, 0.5, 'short', x'00ff')")
            try db.execute(sql: "INSERT INTO mixed VALUES (?, NULL, ?, NULL)", arguments: [Int64.max, longText])
            try db.execute(sql: "INSERT INTO mixed VALUES (-3, -2.25, '', x'')")
        }
        return queue
    }

    @Test func keptRowsHoldTheirOwnValuesInEveryStorageClass() throws {
        var names: [String] = []
        var kept: [[DatabaseValue]] = []
        try database().read { db in
            try db.forEachRow(sql: "SELECT id, ratio, label, bytes FROM mixed ORDER BY rowid", arguments: [],
                              columns: { names = $0 }, row: { kept.append($0) })
        }
        #expect(names == ["id", "ratio", "label", "bytes"])
        let expected: [[DatabaseValue]] = [
            [DatabaseValue(value: 1)!, DatabaseValue(value: 0.5)!, DatabaseValue(value: "short")!,
             DatabaseValue(value: Data([0x00, 0xFF]))!],
            [DatabaseValue(value: Int64.max)!, .null, DatabaseValue(value: longText)!, .null],
            [DatabaseValue(value: -3)!, DatabaseValue(value: -2.25)!, DatabaseValue(value: "")!,
             DatabaseValue(value: Data())!],
        ]
        #expect(kept == expected)
    }

    @Test func aStatementWithoutRowsCallsOnlyColumns() throws {
        var names: [String] = []
        var rows = 0
        try database().read { db in
            try db.forEachRow(sql: "SELECT label FROM mixed WHERE id = ?", arguments: [42],
                              columns: { names = $0 }, row: { _ in rows += 1 })
        }
        #expect(names == ["label"])
        #expect(rows == 0)
    }
}
