import GRDB

/// `export NAME`: a table, a derived relation or a canned query, as CSV.
public enum Exporter {
    /// Writes every row of `name` as RFC 4180 CSV, streaming: a table or
    /// view of the store first, else a canned query with its defaults.
    ///
    /// - Returns: the number of rows written.
    @discardableResult
    public static func export(_ name: String, catalog: QueryCatalog, in db: Database,
                              to output: TextOutput) throws -> Int {
        let isRelation = try Bool.fetchOne(db, sql: """
            SELECT count(*) > 0 FROM sqlite_schema
            WHERE type IN ('table', 'view') AND name = ? AND name NOT LIKE 'sqlite_%'
            """, arguments: [name]) ?? false
        if isRelation {
            return try QueryCatalog.run(sql: "SELECT * FROM \(name.quotedDatabaseIdentifier)",
                                        in: db, format: .csv, to: output)
        }
        guard let query = catalog.queries.first(where: { $0.name == name }) else {
            let relations = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_schema
                WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name != 'gesturelab_migration'
                ORDER BY type DESC, name
                """)
            throw QueryError("nothing to export named \(name): not a table, relation or query. "
                + "Relations: \(relations.joined(separator: ", ")). Queries: \(catalog.queries.map(\.name).joined(separator: ", ")).")
        }
        return try QueryCatalog.run(query, parameters: [], in: db, format: .csv, to: output)
    }
}
