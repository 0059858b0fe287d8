import Foundation
import GRDB
import Testing
@testable import GestureStore
import TestScratch

/// The import's many-rows-a-statement insert: what it stores, and what a
/// failing statement tells.
@Suite struct MultiRowInsertTests {
    /// Full statements of 64, then the rest by falling powers of two.
    @Test(arguments: [
        (1, [1]),
        (45, [32, 8, 4, 1]),
        (63, [32, 16, 8, 4, 2, 1]),
        (64, [64]),
        (127, [64, 32, 16, 8, 4, 2, 1]),
        (130, [64, 64, 2]),
        (200, [64, 64, 64, 8]),
    ])
    func rowsGoInStatementsOfFallingSizes(count: Int, statements expected: [Int]) {
        var sizes: [Int] = []
        var remaining = count
        while remaining > 0 {
            let size = MultiRowInsert<DeliveryRow>.statementRows(remaining: remaining)
            sizes.append(size)
            remaining -= size
        }
        #expect(sizes == expected)
    }

    /// Every row stored once, in order, strings read in place, whatever
    /// mix of statement sizes the count makes.
    @Test(arguments: [1, 45, 64, 127, 130])
    func storesEveryRowWithItsStrings(count: Int) throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("rows.sqlite"))
        var batch = ImportBatch()
        let rows = (0..<count).map { index in
            DeliveryRow(session: 0, timeNanos: Int64(index), target: batch.text("button \(index % 3)"),
                        event: batch.text("touchDown"), via: batch.text(index.isMultiple(of: 2) ? "" : "control-event"),
                        touch: index.isMultiple(of: 5) ? Int64(index) : nil, line: index + 10)
        }
        let stored = try database.connection.write { db in
            try db.execute(sql: "INSERT INTO capture (file_name, path, size_bytes, imported_at, tool_version, format_version) VALUES ('c', 'c', 0, '', '', 1)")
            try db.execute(sql: "INSERT INTO session (capture_id, session, experiment, variant, line) VALUES (1, 's', 'e', 'v', 2)")
            let names = try NameInterner(db)
            try batch.withBindContext(sessionRowIDs: [1], names: names) { context in
                try MultiRowInsert<DeliveryRow>(db).insert(rows, in: context)
            }
            try names.flush(db)
            return try Row.fetchAll(db, sql: "SELECT t_ns, target, event, via, touch, line FROM delivery ORDER BY t_ns")
        }
        #expect(stored.count == count)
        #expect(stored.first == ["t_ns": 0, "target": "button 0", "event": "touchDown", "via": "", "touch": 0, "line": 10])
        if count == 130 {
            #expect(stored[129] == ["t_ns": 129, "target": "button 0", "event": "touchDown", "via": "control-event",
                                    "touch": nil, "line": 139])
        }
        #expect(stored.map { $0["t_ns"] as Int64 } == (0..<count).map { Int64($0) })
        #expect(stored.map { $0["line"] as Int } == (0..<count).map { $0 + 10 })
        #expect(stored.map { $0["target"] as String } == (0..<count).map { "button \($0 % 3)" })
        #expect(stored.map { $0["via"] as String } == (0..<count).map { $0.isMultiple(of: 2) ? "" : "control-event" })
    }

    @Test func aFailingStatementNamesItsSQLAndSpelledOutRows() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("rows.sqlite"))
        var batch = ImportBatch()
        let row = DeliveryRow(session: 0, timeNanos: 7, target: batch.text("pan"), event: batch.text("began"),
                              via: batch.text("observer"), touch: nil, line: 12)
        let error = #expect(throws: StoreError.self) {
            try database.connection.write { db in
                try batch.withBindContext(sessionRowIDs: [1], names: try NameInterner(db)) { context in
                    try MultiRowInsert<DeliveryRow>(db).insert([row, row], in: context)
                }
            }
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("UNIQUE constraint failed: stored_delivery.session_id, stored_delivery.t_ns, stored_delivery.line"))
        #expect(message.contains("SQL: INSERT OR FAIL INTO stored_delivery (session_id, t_ns, target_id, event_id, via_id, touch, line) VALUES (?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?)"))
        #expect(message.contains("arguments: session: 0, timeNanos: 7, target: pan, event: began, via: observer, touch: nil, line: 12"))
    }
}
