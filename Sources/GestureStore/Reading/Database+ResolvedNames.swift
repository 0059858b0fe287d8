import Foundation
import GRDB

extension Database {
    /// A statement that reads every row of view `relation`, as
    /// `SELECT * FROM relation` does, but with each name the views look up
    /// in `name` answered by ``InMemoryNames`` instead: the same columns,
    /// rows, order and values.
    ///
    /// The view and every view it reads become common table expressions of
    /// one SELECT, in the store's own text, with each
    /// `(SELECT text FROM name WHERE id = column)` replaced by
    /// `gesturelab_name_text(column)`. A table expression named like a view
    /// hides it for the statement, so the views' text reads unchanged, and
    /// `NOT MATERIALIZED` lets SQLite plan each as it plans the view.
    ///
    /// ```sql
    /// WITH response AS NOT MATERIALIZED (
    ///   SELECT session_id, touch, gesturelab_name_text(target_id) AS target, …
    ///   FROM stored_response),
    /// responses AS NOT MATERIALIZED (
    ///   SELECT capture.file_name AS capture, … FROM response JOIN session …)
    /// SELECT * FROM responses
    /// ```
    ///
    /// - Returns: nil when `relation` is not a view, or when neither it nor a
    ///   view it reads looks up a name: the view itself is then as fast.
    ///   Run the statement inside ``InMemoryNames/during(_:_:)``.
    package func selectResolvingNamesInMemory(from relation: String) throws -> String? {
        let views = try ViewText.all(in: self)
        guard views[relation] != nil else { return nil }
        var ordered: [ViewText] = []
        var visited: Set<String> = []
        func visit(_ name: String) {
            guard let view = views[name], visited.insert(name).inserted else { return }
            for dependency in view.readNames where dependency != name { visit(dependency) }
            ordered.append(view)
        }
        visit(relation)
        guard ordered.contains(where: \.looksUpNames) else { return nil }
        let expressions = ordered.map { "\($0.name.quotedDatabaseIdentifier) AS NOT MATERIALIZED (\n\($0.bodyResolvingNames))" }
        return "WITH " + expressions.joined(separator: ",\n") + "\nSELECT * FROM \(relation.quotedDatabaseIdentifier)"
    }
}

/// A view's SELECT as the store holds it.
private struct ViewText {
    let name: String
    let body: String
    /// The identifiers of the body that are other views' names (a column
    /// spelled like a view counts too: a needless table expression is harmless).
    var readNames: [String]

    /// `(SELECT text FROM name WHERE id = <column>)`, as the migrations write
    /// each name lookup. A lookup spelled otherwise stays a lookup.
    private static let lookup = try! NSRegularExpression(
        pattern: #"\(\s*SELECT\s+text\s+FROM\s+name\s+WHERE\s+id\s*=\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s*\)"#,
        options: [.caseInsensitive])
    /// `CREATE VIEW <name> AS`: a view written with a column list (or any
    /// other way) keeps being read as the view.
    private static let header = try! NSRegularExpression(
        pattern: #"^\s*CREATE\s+VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:"[^"]+"|[A-Za-z_][A-Za-z0-9_]*)\s+AS\s+"#,
        options: [.caseInsensitive])
    private static let identifier = try! NSRegularExpression(pattern: #"[A-Za-z_][A-Za-z0-9_]*"#)

    var looksUpNames: Bool { Self.lookup.firstMatch(in: body, range: NSRange(body.startIndex..., in: body)) != nil }

    var bodyResolvingNames: String {
        Self.lookup.stringByReplacingMatches(in: body, range: NSRange(body.startIndex..., in: body),
                                             withTemplate: "\(InMemoryNames.functionName)($1)")
    }

    /// The store's views that can be read through their text.
    static func all(in db: Database) throws -> [String: ViewText] {
        var views: [String: ViewText] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_schema WHERE type = 'view'") {
            let name: String = row[0]
            guard let sql: String = row[1],
                  let match = header.firstMatch(in: sql, range: NSRange(sql.startIndex..., in: sql)),
                  let bodyStart = Range(match.range, in: sql)?.upperBound else { continue }
            views[name] = ViewText(name: name, body: String(sql[bodyStart...]), readNames: [])
        }
        let names = Set(views.keys)
        for (name, view) in views {
            let body = view.body
            let words = identifier.matches(in: body, range: NSRange(body.startIndex..., in: body))
                .compactMap { Range($0.range, in: body).map { String(body[$0]) } }
            views[name]?.readNames = Set(words).intersection(names).sorted()
        }
        return views
    }
}
