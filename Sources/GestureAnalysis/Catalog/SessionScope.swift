import GestureStore
import GestureTrace

/// Runs any SQL over only the sessions `--where` keeps, by shadowing the
/// store's relations: the SQL is put after common table expressions named
/// as the relations, each reading the relation itself (schema-qualified)
/// limited to those sessions.
///
/// ```sql
/// WITH session AS NOT MATERIALIZED (SELECT * FROM main.session WHERE session.app_build IN ('42')),
///      responses AS NOT MATERIALIZED (SELECT * FROM main.responses
///                                     WHERE session_id IN (SELECT id FROM session)),
///      …
/// SELECT variant, median(latency_ms) FROM responses GROUP BY 1   -- the query as written
/// ```
///
/// `NOT MATERIALIZED` has each engine plan a shadow where it is read, as it
/// plans the relation itself, with its indexes: a shadow read twice would
/// otherwise be computed whole into a temporary table first, which made a
/// canned query under `--where` several times slower on both engines.
///
/// A name in a `WITH` list hides the table or view of that name from the
/// statement on both engines, so a canned query (or the user's SQL) needs
/// no parameter of its own for it: every relation with a `session_id`
/// column and `session` itself are limited; others (`capture`, `name`) are
/// read whole. The values are written into the SQL as quoted literals, so
/// the query's own parameters keep their places.
package struct SessionScope: Sendable {
    package var conditions: [SessionCondition]

    package init(_ conditions: [SessionCondition]) {
        self.conditions = conditions
    }

    /// `sql` limited to the kept sessions.
    ///
    /// - Throws: ``QueryError`` for a key no session has (with the keys the
    ///   store has) or a value holding a NUL, which no SQL literal can.
    package func scoped(_ sql: String, in db: some StoreReader) throws -> String {
        for condition in conditions {
            try ComparisonSelection.checkKnownKey(condition.key, option: "--where", db, splitKeys: [])
        }
        let schema = db.schemaName
        func qualified(_ relation: String) -> String { "\(schema).\(Self.quoted(identifier: relation))" }
        var kept: [String] = []
        for condition in conditions {
            let (text, arguments) = condition.sessionSQL(configTable: qualified("session_config"))
            kept.append(try Self.inlining(arguments, into: text))
        }
        var shadows = ["session AS NOT MATERIALIZED (SELECT * FROM \(qualified("session")) WHERE \(kept.joined(separator: " AND ")))"]
        for relation in try db.relationNames() where relation != "session" {
            guard try Self.columns(of: relation, in: db).contains("session_id") else { continue }
            shadows.append("\(Self.quoted(identifier: relation)) AS NOT MATERIALIZED (SELECT * FROM \(qualified(relation)) "
                + "WHERE session_id IN (SELECT id FROM session))")
        }
        return Self.prefixing(sql, with: shadows)
    }

    /// The columns a relation has, as a statement over it names them.
    static func columns(of relation: String, in db: some StoreReader) throws -> [String] {
        var names: [String] = []
        try db.forEachRow(sql: "SELECT * FROM \(quoted(identifier: relation)) LIMIT 0", arguments: [],
                          columns: { names = $0 }, row: { _ in })
        return names
    }

    /// `shadows` as the first entries of the statement's `WITH` list: after
    /// the `WITH` (and `RECURSIVE`) the SQL starts with, or in a `WITH` of
    /// their own. Comments and white space before the first word are kept.
    static func prefixing(_ sql: String, with shadows: [String]) -> String {
        let list = shadows.joined(separator: ",\n     ")
        var index = sql.startIndex
        // Past white space and `--` comments to the first word.
        while index < sql.endIndex {
            if sql[index].isWhitespace {
                index = sql.index(after: index)
            } else if sql[index...].hasPrefix("--") {
                index = sql[index...].firstIndex(of: "\n") ?? sql.endIndex
            } else {
                break
            }
        }
        let head = sql[..<index]
        var rest = sql[index...]
        guard let with = Self.word(at: rest), with.lowercased() == "with" else {
            return head + "WITH " + list + "\n" + rest
        }
        rest = rest.dropFirst(with.count)
        var keyword = "WITH"
        let afterSpace = rest.drop { $0.isWhitespace }
        if let recursive = Self.word(at: afterSpace), recursive.lowercased() == "recursive" {
            rest = afterSpace.dropFirst(recursive.count)
            keyword = "WITH RECURSIVE"
        }
        return head + keyword + " " + list + ",\n" + rest.drop { $0.isWhitespace }
    }

    private static func word(at text: Substring) -> Substring? {
        let word = text.prefix { $0.isLetter }
        return word.isEmpty ? nil : word
    }

    /// `"name"`, quotes doubled.
    static func quoted(identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` with each `?` replaced by the next argument as a quoted literal.
    static func inlining(_ arguments: [String], into text: String) throws -> String {
        var output = ""
        var remaining = arguments[...]
        for character in text {
            guard character == "?", let argument = remaining.popFirst() else {
                output.append(character)
                continue
            }
            guard !argument.utf8.contains(0) else {
                throw QueryError("--where: '\(TerminalText.escaped(argument))' holds a NUL, which SQL text cannot")
            }
            output += "'" + argument.replacingOccurrences(of: "'", with: "''") + "'"
        }
        return output
    }
}
