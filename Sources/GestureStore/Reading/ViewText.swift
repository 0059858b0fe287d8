import Foundation
import GRDB

/// A view's SELECT as the store holds it.
struct ViewText {
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

    /// The identifiers of `sql`, each once, in order of first appearance.
    static func identifiers(in sql: String) -> [String] {
        var seen: Set<String> = []
        return identifier.matches(in: sql, range: NSRange(sql.startIndex..., in: sql))
            .compactMap { Range($0.range, in: sql).map { String(sql[$0]) } }
            .filter { seen.insert($0).inserted }
    }

    /// The names after FROM or JOIN: the relations a query reads by name
    /// (one joined after a comma is left out, and so read as it is).
    private static let relationRead = try! NSRegularExpression(
        pattern: #"\b(?:FROM|JOIN)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?"#, options: [.caseInsensitive])

    static func relationsRead(in sql: String) -> [String] {
        var seen: Set<String> = []
        return relationRead.matches(in: sql, range: NSRange(sql.startIndex..., in: sql))
            .compactMap { Range($0.range(at: 1), in: sql).map { String(sql[$0]) } }
            .filter { seen.insert($0).inserted }
    }

    /// `name AS (`, `"name"(a, b) AS MATERIALIZED (`…: the table expressions
    /// a query declares, quoted or not, with a column list or without.
    private static let tableExpression = try! NSRegularExpression(
        pattern: #""?([A-Za-z_][A-Za-z0-9_]*)"?\s*(?:\([^()]*\))?\s*AS\s+(?:NOT\s+)?(?:MATERIALIZED\s+)?\("#,
        options: [.caseInsensitive])

    static func tableExpressionNames(in sql: String) -> Set<String> {
        Set(tableExpression.matches(in: sql, range: NSRange(sql.startIndex..., in: sql))
            .compactMap { Range($0.range(at: 1), in: sql).map { String(sql[$0]) } })
    }

    /// `WITH` or `WITH RECURSIVE` at the start of `sql` (after comments and
    /// blanks), and the text after it.
    private static let with = try! NSRegularExpression(
        pattern: #"^(?:\s|--[^\n]*\n)*(WITH(?:\s+RECURSIVE)?)\s"#, options: [.caseInsensitive])

    static func leadingWith(of sql: String) -> (keyword: String, rest: Substring)? {
        guard let match = with.firstMatch(in: sql, range: NSRange(sql.startIndex..., in: sql)),
              let keyword = Range(match.range(at: 1), in: sql), let whole = Range(match.range, in: sql) else { return nil }
        return (String(sql[keyword]), sql[whole.upperBound...])
    }

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
            views[name]?.readNames = identifiers(in: view.body).filter(names.contains)
        }
        return views
    }
}
