import Foundation
import GRDB
import GestureStore
import TestScratch
import Testing
@testable import GestureAnalysis

/// The order `export` writes in: SQLite never sorts, and the server sorts
/// the relations `ExportOrder` names into the order SQLite reads them in,
/// so both write the same file (SharedStoreTests holds the server to it).
@Suite struct ExportOrderTests {
    /// If a schema change made SQLite read one of these relations in
    /// another order, the server's sorted export would no longer match it.
    @Test func sqliteReadsEveryKeyedRelationInItsKeysOrder() throws {
        let fixture = try NamesInMemoryExportTests.store()
        #expect(ExportOrder.keys.count == 4)
        try fixture.database.connection.read { db in
            for (relation, key) in ExportOrder.keys.sorted(by: { $0.key < $1.key }) {
                let exported = fixture.folder.appending(path: "\(relation)-export.csv").path
                let sorted = fixture.folder.appending(path: "\(relation)-sorted.csv").path
                try Exporter.export(relation, catalog: try QueryCatalog(), in: db, to: try TextOutput(path: exported))
                try RowWriter.write(sql: "SELECT * FROM \(relation) ORDER BY \(key)", in: db, format: .csv,
                                    to: try TextOutput(path: sorted))
                let text = try String(contentsOfFile: exported, encoding: .utf8)
                #expect(text == (try String(contentsOfFile: sorted, encoding: .utf8)), "\(relation)")
                #expect(text.split(separator: "\r\n").count > 2, "\(relation) has too few rows to show an order")
                // The key is unique, so the sorted order is one order.
                let rows = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(relation)")
                let keys = try Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT DISTINCT \(key) FROM \(relation))")
                #expect(rows == keys, "\(relation): \(key) is not unique")
            }
        }
    }

    @Test func onlyTheServerSortsAndOnlyWhatItCan() {
        #expect(ExportOrder.sql(relation: "delivery", sorted: false) == #"SELECT * FROM "delivery""#)
        #expect(ExportOrder.sql(relation: "delivery", sorted: true) == #"SELECT * FROM "delivery" ORDER BY session_id, t_ns, line"#)
        // Keyed by name ids on SQLite: the server cannot say that order.
        #expect(ExportOrder.sql(relation: "responses", sorted: true) == #"SELECT * FROM "responses""#)
    }
}
