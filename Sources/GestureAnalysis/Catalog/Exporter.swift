import GRDB
import GestureStore

/// `export NAME`: a table, a derived relation or a canned query, as CSV.
package enum Exporter {
    /// Writes every row of `name` as RFC 4180 CSV, streaming: a table or
    /// view of the store first, else a canned query with its defaults.
    ///
    /// - Returns: the number of rows written.
    @discardableResult
    package static func export(_ name: String, catalog: QueryCatalog, in db: some StoreReader,
                              to output: TextOutput) throws -> Int {
        let relations = try db.relationNames()
        if relations.contains(name) {
            return try QueryCatalog.run(sql: db.exportSQL(relation: name), in: db, format: .csv, to: output, projectSQL: true)
        }
        guard let query = catalog.queries.first(where: { $0.name == name }) else {
            throw QueryError("nothing to export named \(name): not a table, relation or query. "
                + "Relations: \(relations.joined(separator: ", ")). Queries: \(catalog.queries.map(\.name).joined(separator: ", ")).")
        }
        return try QueryCatalog.run(query, parameters: [], in: db, format: .csv, to: output)
    }
}
