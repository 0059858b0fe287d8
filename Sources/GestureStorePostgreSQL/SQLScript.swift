/// A file of SQL statements split into single statements.
///
/// postgres-nio sends every statement through the extended protocol, which
/// takes one statement at a time, so a migration is run statement by
/// statement. Semicolons inside string literals, quoted names, comments
/// and dollar-quoted function bodies do not split (``SQLTokenizer``).
///
///     SQLScript.statements("CREATE TABLE a (x text DEFAULT ';'); SELECT 1;")
///     // ["CREATE TABLE a (x text DEFAULT ';')", "SELECT 1"]
enum SQLScript {
    /// The statements, each trimmed of surrounding whitespace; a comment
    /// before a statement stays with it, and pieces holding only
    /// whitespace and comments are left out.
    static func statements(_ sql: String) -> [String] {
        var statements: [String] = []
        var piece: [SQLTokenizer.Token] = []
        for token in SQLTokenizer.tokens(sql) + [.semicolon] {
            guard token == .semicolon else {
                piece.append(token)
                continue
            }
            if !piece.allSatisfy(\.isBlank) {
                statements.append(piece.map(\.text).joined().trimmingWhitespace)
            }
            piece = []
        }
        return statements
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
