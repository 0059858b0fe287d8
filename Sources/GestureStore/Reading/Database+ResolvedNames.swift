import Foundation
import GRDB

extension Database {
    /// `sql` with each view it reads after FROM or JOIN, and every view
    /// those read, given as a common table expression in the store's own
    /// text, with each `(SELECT text FROM name WHERE id = column)` replaced
    /// by `gesturelab_name_text(column)`, which ``InMemoryNames`` answers from
    /// memory: the same columns, rows, order and values, without a B-tree
    /// seek per name per row. A table expression named like a view hides it
    /// for the statement, so the views' text reads unchanged, and
    /// `NOT MATERIALIZED` lets SQLite plan each as it plans the view.
    ///
    /// ```sql
    /// WITH response AS NOT MATERIALIZED (
    ///   SELECT session_id, touch, gesturelab_name_text(target_id) AS target, …
    ///   FROM stored_response),
    /// responses AS NOT MATERIALIZED (
    ///   SELECT capture.file_name AS capture, … FROM response JOIN session …)
    /// SELECT * FROM "responses"
    /// ```
    ///
    /// For SQL the project wrote (the built-in queries, `export`'s
    /// `SELECT *`); a user's SQL runs as written, so that its errors quote
    /// what the user wrote. Run the result inside ``InMemoryNames/during(_:_:)``.
    ///
    /// A query that starts with `WITH` gets these expressions first in its
    /// list, so that its own can read them; a view it names as one of its
    /// own expressions is left to it.
    ///
    /// - Returns: nil when no view `sql` reads looks up a name.
    package func resolvingNamesInMemory(_ sql: String) throws -> String? {
        var views = try ViewText.all(in: self)
        // A view the query declares an expression of its own for stays the
        // query's, and so does every view that reads it: each of those is
        // left to the schema, where it reads the schema's view.
        var left = ViewText.tableExpressionNames(in: sql)
        while let reader = views.values.first(where: { !left.isDisjoint(with: $0.readNames) || left.contains($0.name) }) {
            left.insert(reader.name)
            views[reader.name] = nil
        }
        var ordered: [ViewText] = []
        var visited: Set<String> = []
        func visit(_ name: String) {
            guard let view = views[name], visited.insert(name).inserted else { return }
            for dependency in view.readNames where dependency != name { visit(dependency) }
            ordered.append(view)
        }
        ViewText.relationsRead(in: sql).forEach(visit)
        guard ordered.contains(where: \.looksUpNames) else { return nil }
        let expressions = ordered.map { "\($0.name.quotedDatabaseIdentifier) AS NOT MATERIALIZED (\n\($0.bodyResolvingNames))" }
            .joined(separator: ",\n")
        guard let (keyword, rest) = ViewText.leadingWith(of: sql) else {
            return "WITH " + expressions + "\n" + sql
        }
        return keyword + " " + expressions + ",\n" + rest
    }

    /// Runs `body` with `sql` as ``resolvingNamesInMemory(_:)`` rewrites it,
    /// inside ``InMemoryNames/during(_:_:)``; or with `sql` as written when
    /// no view it reads looks up a name. For SQL the project wrote.
    ///
    /// ```swift
    /// let count = try db.runningProjectSQL("SELECT count(*) FROM responses WHERE via = ?") { sql in
    ///     try Int.fetchOne(db, sql: sql, arguments: ["observer"])
    /// }
    /// ```
    ///
    /// Only SQLite's errors from the rewrite and the function's set-up are
    /// translated to ``StoreError``; what `body` throws goes through as it is.
    package func runningProjectSQL<T>(_ sql: String, _ body: (String) throws -> T) throws -> T {
        guard let resolved = try StoreError.translatingSQLite({ try resolvingNamesInMemory(sql) }) else {
            return try body(sql)
        }
        return try StoreError.translatingSQLite { try InMemoryNames.during(self) { try body(resolved) } }
    }
}
