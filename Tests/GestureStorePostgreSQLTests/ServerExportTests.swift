#if PostgreSQL
import Foundation
import GestureStore
import GRDB
import Testing
import TestScratch
@testable import GestureStorePostgreSQL

/// `export` from the server, a session a message (``ExportPacks``,
/// ``ColumnArrays``): every relation's rows, values and order as SQLite's
/// export gives them, whether a session comes as arrays or a row at a time.
@Suite struct ServerExportTests {
    /// Sessions of other sizes and contents: `a` with every kind of record,
    /// NULLs (no radius, a delivery without a touch) and names that need
    /// quoting; `b` with no touches; `c` larger; `d` with no records.
    static let capture: String = {
        var lines = [
            #"{"type":"header","format":"gesture-trace","version":1}"#,
            #"{"type":"session","session":"a","experiment":"e","variant":"v, \"quoted\"","config":{"k":"1"}}"#,
            #"{"type":"session","session":"b","experiment":"e","variant":"w"}"#,
            #"{"type":"session","session":"c","experiment":"e","variant":"v, \"quoted\""}"#,
            #"{"type":"session","session":"d","experiment":"e","variant":"w"}"#,
            #"{"type":"target","session":"a","target":"btn","t":0.1,"x":0,"y":0,"w":100,"h":50}"#,
            #"{"type":"frame","session":"a","t":0.5}"#,
            #"{"type":"touch","session":"a","touch":1,"phase":"began","t":1.0,"x":10.25,"y":20,"radius":7.5,"force":0.5}"#,
            #"{"type":"transition","session":"a","recognizer":"pan","from":"possible","to":"began","t":1.02,"touch":1}"#,
            #"{"type":"delivery","session":"a","target":"btn","event":"touchDown","via":"control-event","t":1.01,"touch":1}"#,
            #"{"type":"delivery","session":"a","target":"btn","event":"touchDown","via":"target-action","t":1.015,"touch":1}"#,
            #"{"type":"delivery","session":"a","target":"pän","event":"began","via":"observer","t":1.03}"#,
            #"{"type":"touch","session":"a","touch":1,"phase":"ended","t":1.1,"x":11,"y":21}"#,
            #"{"type":"delivery","session":"b","target":"btn","event":"touchDown","via":"control-event","t":1.5}"#,
            #"{"type":"frame","session":"b","t":1.5}"#,
        ]
        for touch in 1...12 {
            let down = Double(touch)
            lines.append(#"{"type":"touch","session":"c","touch":\#(touch),"phase":"began","t":\#(down),"x":\#(touch),"y":3.5}"#)
            lines.append(#"{"type":"delivery","session":"c","target":"btn","event":"touchDown","via":"control-event","t":\#(down + 0.012),"touch":\#(touch)}"#)
            if touch.isMultiple(of: 2) {
                lines.append(#"{"type":"delivery","session":"c","target":"btn","event":"touchDown","via":"observer","t":\#(down + 0.02),"touch":\#(touch)}"#)
            }
            lines.append(#"{"type":"touch","session":"c","touch":\#(touch),"phase":"moved","t":\#(down + 0.05),"x":\#(touch + 1),"y":4}"#)
            lines.append(#"{"type":"touch","session":"c","touch":\#(touch),"phase":"ended","t":\#(down + 0.1),"x":\#(touch + 2),"y":4}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Each relation, from a store of `capture` pushed to a new database:
    /// read whole, as a relation of its few rows is; a session at a time,
    /// with every session one message, and with a bound of 10 records a
    /// message so that `a` and `c` come a row at a time; and with `b`'s
    /// record count gone, which reads it a row at a time too.
    @Test(.enabled(if: ServerTestDatabase.enabled))
    func everyRelationExportsAsOnSQLite() throws {
        let folder = try ScratchFolder()
        let (database, address, _) = try SessionTotalsTests.pushed(Self.capture, in: folder)
        let connection = try ServerConnection(address)
        defer { connection.close() }

        var expected: [String: (columns: [String], rows: [[DatabaseValue]])] = [:]
        for relation in StoreRelations.offered.map(\.name) {
            let local = ServerCellsTests.Recorder()
            var columns: [String] = []
            try database.connection.read { db in
                try db.forEachExportRow(relation: relation, columns: { columns = $0 }, cells: local)
            }
            expected[relation] = (columns, local.rows)
        }
        #expect(expected["touch_sample"]?.rows.count == 38)
        #expect(expected["response_pairs"]?.rows.count == 14)
        func exportsMatch(recordsPerMessage: Int64, rowsWorthSessions: Double = 0, _ note: String) throws {
            for (relation, local) in expected {
                let reader = try ServerReader(address)
                defer { reader.close() }
                reader.exportRecordsPerMessage = recordsPerMessage
                reader.exportRowsWorthSessions = rowsWorthSessions
                let server = ServerCellsTests.Recorder()
                var columns: [String] = []
                try reader.forEachExportRow(relation: relation, columns: { columns = $0 }, cells: server)
                #expect(columns == local.columns, "\(relation), \(note)")
                if ExportOrder.keys[relation] == nil, !ExportPacks.inStoredOrder.contains(relation) {
                    // Rows the server makes itself (pairs) or ranks: the same rows in its own order.
                    #expect(server.rows.map(\.description).sorted() == local.rows.map(\.description).sorted(),
                            "\(relation), \(note)")
                } else {
                    #expect(server.rows == local.rows, "\(relation), \(note)")
                }
            }
        }
        try exportsMatch(recordsPerMessage: ExportPacks.recordsPerMessage, rowsWorthSessions: ExportPacks.rowsWorthSessions,
                         "each relation too small for sessions, read whole")
        try exportsMatch(recordsPerMessage: ExportPacks.recordsPerMessage, "every session one message")
        try exportsMatch(recordsPerMessage: 10, "a and c by rows")
        try connection.execute("DELETE FROM session_totals WHERE session_id = (SELECT id FROM session WHERE session = 'b')")
        try exportsMatch(recordsPerMessage: ExportPacks.recordsPerMessage, "b without its count")
    }

    /// Every relation read by sessions has the columns that takes.
    @Test(.enabled(if: ServerTestDatabase.enabled))
    func theRelationsReadBySessionHaveASessionColumn() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        for (relation, table) in ExportPacks.relations {
            // The table whose size decides it is one of the server's.
            #expect(try reader.fetchStrings(sql: "SELECT to_regclass(?)::text", arguments: [table.databaseValue]) == [table])
            var names: [String] = []
            try reader.forEachRow(sql: "SELECT * FROM \(relation) LIMIT 0", arguments: [], columns: { names = $0 }, row: { _ in })
            #expect(names.contains("session_id"), "\(relation)")
            #expect(names.contains { !StoreRelations.sessionColumns.contains($0) }, "\(relation)")
        }
        #expect(Set(ExportPacks.relations.keys).isSubset(of: StoreRelations.offered.map(\.name)))
        // Each read by sessions says its order: sorted by a key, the order it was pushed in, or none to keep.
        #expect(ExportPacks.inStoredOrder.isSubset(of: ExportPacks.relations.keys))
        #expect(ExportPacks.inStoredOrder.allSatisfy { ExportOrder.keys[$0] == nil })
        #expect(ExportPacks.relations.keys.filter { ExportOrder.keys[$0] == nil && !ExportPacks.inStoredOrder.contains($0) }
            == ["response_pairs"])
    }

    static let plans: [(sessions: [(Int64, Int64?)], expected: [ExportPacks.Pack])] = [
        ([], []),
        ([(1, 0), (2, 10), (3, 10)], [.sessions(1...3)]),
        ([(1, 5), (2, 11), (3, 10), (7, 10)], [.sessions(1...1), .rows(2), .sessions(3...7)]),
        ([(4, nil), (5, 1)], [.rows(4), .sessions(5...5)]),
        ([(1, 11), (2, 12)], [.rows(1), .rows(2)]),
    ]

    /// Runs of sessions of 10 records or fewer in one statement; a larger
    /// session, or one without a count, by rows, between them.
    @Test(arguments: plans.indices)
    func sessionsArePlannedInRuns(_ index: Int) {
        let (sessions, expected) = Self.plans[index]
        #expect(ExportPacks.plan(sessions.map { (id: $0.0, records: $0.1) }, recordsPerMessage: 10) == expected)
    }
}
#endif
