import GRDB
import GestureStore

/// Every derived row of a store as text, relation by relation, sorted: what
/// a test compares between a store the importer derived and one the
/// reference derived (or one imported otherwise). The capture's file name
/// and id are left out, since the two stores may hold the same capture
/// under different names.
///
///     #expect(try DerivedRows.of(imported) == DerivedRows.of(reference))
package enum DerivedRows {
    /// The relations derived from the records.
    package static let relations = ["responses", "recognitions", "dispatches", "session_orphans", "starts", "outcomes"]

    package static func of(_ database: GestureDatabase) throws -> [String: [String]] {
        try database.connection.read { db in
            var rows: [String: [String]] = [:]
            for relation in relations {
                rows[relation] = try Row.fetchAll(db, sql: "SELECT * FROM \(relation)").map { row in
                    row.columnNames.enumerated().filter { !["capture", "capture_id"].contains($0.element) }
                        .map { "\($0.element):\(row[$0.offset] as DatabaseValue)" }.joined(separator: " ")
                }.sorted()
            }
            return rows
        }
    }
}
