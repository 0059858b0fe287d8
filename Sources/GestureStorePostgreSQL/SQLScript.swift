#if PostgreSQL
/// A file of SQL statements split into single statements.
///
/// postgres-nio sends every statement through the extended protocol, which
/// takes one statement at a time, so a migration is run statement by
/// statement. Semicolons inside string literals, quoted names, comments
/// and dollar-quoted function bodies do not split.
///
///     SQLScript.statements("CREATE TABLE a (x text DEFAULT ';'); SELECT 1;")
///     // ["CREATE TABLE a (x text DEFAULT ';')", "SELECT 1"]
enum SQLScript {
    static func statements(_ sql: String) -> [String] {
        let scalars = Array(sql.unicodeScalars)
        var statements: [String] = []
        var start = 0
        var index = 0
        func flush(until end: Int) {
            let text = String(String.UnicodeScalarView(scalars[start..<end]))
            if !isBlank(text) { statements.append(text.trimmingWhitespace) }
            start = end + 1
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "'", "\"":
                index += 1
                while index < scalars.count {
                    if scalars[index] == scalar {
                        if index + 1 < scalars.count, scalars[index + 1] == scalar { index += 2; continue }
                        break
                    }
                    index += 1
                }
                index += 1
            case "-" where next == "-":
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "/" where next == "*":
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
            case "$":
                // $tag$ … $tag$, the tag possibly empty.
                var end = index + 1
                while end < scalars.count, scalars[end] == "_" || scalars[end].properties.isAlphabetic { end += 1 }
                guard end < scalars.count, scalars[end] == "$" else { index += 1; continue }
                let tag = Array(scalars[index...end])
                var search = end + 1
                while search + tag.count <= scalars.count, Array(scalars[search..<(search + tag.count)]) != tag {
                    search += 1
                }
                index = search + tag.count
            case ";":
                flush(until: index)
                index += 1
            default:
                index += 1
            }
        }
        if start < scalars.count { flush(until: scalars.count) }
        return statements
    }

    /// Whether a piece holds only whitespace and comments.
    private static func isBlank(_ text: String) -> Bool {
        text.split(separator: "\n").allSatisfy { line in
            let trimmed = line.trimmingWhitespace
            return trimmed.isEmpty || trimmed.hasPrefix("--")
        }
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
#endif
