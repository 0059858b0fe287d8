import GRDB

/// The order `export` writes a table or relation in, on every engine.
///
/// SQLite reads a relation in the order of the table it scans: a
/// `WITHOUT ROWID` table's primary key. Where that key is made of columns the
/// relation shows on both engines, a shared store sorts its export by them
/// and writes the same file byte for byte. Elsewhere the key holds name ids
/// that only the local store has (`responses` reads a table keyed by its
/// target's id, not its text), so the server writes the same rows in its
/// own order.
/// SQLite itself never sorts: the key is the order it reads in already.
///
///     ExportOrder.sql(relation: "delivery", sorted: true)
///     // SELECT * FROM "delivery" ORDER BY session_id, t_ns, line
package enum ExportOrder {
    /// The relations whose SQLite order the server can write, and their key.
    package static let keys: [String: String] = [
        "touches": "session_id, touch",
        "touch_sample": "session_id, touch, t_ns, line",
        "delivery": "session_id, t_ns, line",
        "outcomes": "session_id, touch",
    ]

    /// `SELECT *` of the relation; with `sorted`, in SQLite's order when
    /// ``keys`` knows it.
    package static func sql(relation: String, sorted: Bool) -> String {
        let select = "SELECT * FROM \(relation.quotedDatabaseIdentifier)"
        guard sorted, let key = keys[relation] else { return select }
        return select + " ORDER BY " + key
    }
}
