import GRDB
import GestureStore

/// `export NAME`: a table, a derived relation or a canned query, as CSV.
package enum Exporter {
    /// Writes every row of `name` as RFC 4180 CSV, streaming: a table or
    /// view of the store first, else a canned query, its parameters bound
    /// as `query` binds them (`parameters`, the rest at their defaults).
    ///
    /// - Returns: the number of rows written.
    /// - Throws: `QueryError` when `parameters` are given for a table or
    ///   relation (they take none), or name what the query does not declare.
    @discardableResult
    package static func export(_ name: String, parameters: [(name: String, value: String)] = [],
                              catalog: QueryCatalog, in db: some StoreReader, to output: TextOutput) throws -> Int {
        let relations = try db.relationNames()
        if relations.contains(name) {
            if let first = parameters.first {
                throw QueryError("-p \(first.name) sets a canned query's parameter, and \(name) is a table or relation, "
                    + "which takes none: export it whole, or select its rows with gesturelab query --sql")
            }
            return try QueryCatalog.run(sql: db.exportSQL(relation: name), in: db, format: .csv, to: output,
                                        exportedRelation: name)
        }
        guard let query = catalog.queries.first(where: { $0.name == name }) else {
            throw QueryError("nothing to export named \(name): not a table, relation or query. "
                + "Relations: \(relations.joined(separator: ", ")). Queries: \(catalog.queries.map(\.name).joined(separator: ", ")).")
        }
        return try QueryCatalog.run(query, parameters: parameters, in: db, format: .csv, to: output)
    }
}
