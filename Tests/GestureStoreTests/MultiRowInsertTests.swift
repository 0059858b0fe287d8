import Foundation
import GRDB
import Testing
@testable import GestureStore

/// The import's many-rows-a-statement insert: what it stores, and what a
/// failing statement tells.
@Suite struct MultiRowInsertTests {
    /// 130 rows: two full statements of 64 and one of 2, strings read in place.
    @Test func storesEveryRowWithItsStrings() throws {
        let folder = try TemporaryFolder()
        let database = try GestureDatabase(path: folder.path("rows.sqlite"))
        var batch = ImportBatch()
        let rows = (0..<130).map { index in
            DeliveryRow(session: 0, timeNanos: Int64(index), target: batch.text("button \(index % 3)"),
                        event: batch.text("touchDown"), via: batch.text(index.isMultiple(of: 2) ? "" : "control-event"),
                        touch: index.isMultiple(of: 5) ? Int64(index) : nil, line: index + 10)
        }
        let stored = try database.pool.write { db in
            try db.execute(sql: "INSERT INTO capture (file_name, path, size_bytes, imported_at, tool_version, format_version) VALUES ('c', 'c', 0, '', '', 1)")
            try db.execute(sql: "INSERT INTO session (capture_id, session, experiment, variant, line) VALUES (1, 's', 'e', 'v', 2)")
            try batch.text.withUnsafeBufferPointer { text in
                let context = BindContext(sessionRowIDs: [1], text: UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self))
                try MultiRowInsert<DeliveryRow>(db).insert(rows, in: context)
            }
            return try Row.fetchAll(db, sql: "SELECT t_ns, target, event, via, touch, line FROM delivery ORDER BY t_ns")
        }
        #expect(stored.count == 130)
        #expect(stored[0] == ["t_ns": 0, "target": "button 0", "event": "touchDown", "via": "", "touch": 0, "line": 10])
        #expect(stored[129] == ["t_ns": 129, "target": "button 0", "event": "touchDown", "via": "control-event", "touch": nil, "line": 139])
        #expect(stored.map { $0["target"] as String } == (0..<130).map { "button \($0 % 3)" })
    }

    @Test func aFailingStatementNamesItsSQLAndSpelledOutRows() throws {
        let folder = try TemporaryFolder()
        let database = try GestureDatabase(path: folder.path("rows.sqlite"))
        var batch = ImportBatch()
        let row = DeliveryRow(session: 0, timeNanos: 7, target: batch.text("pan"), event: batch.text("began"),
                              via: batch.text("observer"), touch: nil, line: 12)
        let error = #expect(throws: StoreError.self) {
            try database.pool.write { db in
                try batch.text.withUnsafeBufferPointer { text in
                    let context = BindContext(sessionRowIDs: [1], text: UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self))
                    try MultiRowInsert<DeliveryRow>(db).insert([row, row], in: context)
                }
            }
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("UNIQUE constraint failed: delivery.session_id, delivery.t_ns, delivery.line"))
        #expect(message.contains("SQL: INSERT OR FAIL INTO delivery (session_id, t_ns, target, event, via, touch, line) VALUES (?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?)"))
        #expect(message.contains("arguments: session: 0, timeNanos: 7, target: pan, event: began, via: observer, touch: nil, line: 12"))
    }
}
