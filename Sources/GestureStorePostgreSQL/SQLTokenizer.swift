/// SQL text cut into the pieces gesturelab must tell apart before sending
/// it to PostgreSQL: the one tokenizer behind ``PortableSQL`` (parameters)
/// and ``SQLScript`` (statements).
///
/// It follows PostgreSQL's lexical rules where they decide what is code:
/// `'…'` literals and `"…"` names with doubled quotes inside, `$tag$…$tag$`
/// bodies (the tag possibly empty), `--` comments to the end of the line and
/// nested `/* … */` comments. Inside those, a `;`, `?` or `:name` is text.
/// An unterminated one runs to the end, for the server to refuse. The pieces
/// joined give back the text exactly.
///
///     SQLTokenizer.tokens("SELECT ';' WHERE a = ?;")
///     // [.code("SELECT "), .quoted("';'"), .code(" WHERE a = "), .positional, .semicolon]
enum SQLTokenizer {
    enum Token: Equatable {
        /// Anything else, whitespace included; `::` casts stay here.
        case code(String)
        /// A string literal, quoted name or dollar-quoted body, quotes included.
        case quoted(String)
        case comment(String)
        case semicolon
        /// `?`: the next parameter by position.
        case positional
        /// `:name`: a parameter by name.
        case named(String)

        /// The token's text as it stood in the SQL.
        var text: String {
            switch self {
            case .code(let text), .quoted(let text), .comment(let text): text
            case .semicolon: ";"
            case .positional: "?"
            case .named(let name): ":" + name
            }
        }

        /// Whether the token is nothing to run: whitespace or a comment.
        var isBlank: Bool {
            switch self {
            case .comment: true
            case .code(let text): text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
            default: false
            }
        }
    }

    static func tokens(_ sql: String) -> [Token] {
        let scalars = Array(sql.unicodeScalars)
        var tokens: [Token] = []
        var codeStart = 0
        var index = 0
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        func emit(_ token: Token, until end: Int) {
            if codeStart < index { tokens.append(.code(text(codeStart..<index))) }
            tokens.append(token)
            index = end
            codeStart = end
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "'", "\"":
                let end = quoteEnd(scalars, from: index)
                emit(.quoted(text(index..<end)), until: end)
            case "$" where index == 0 || !isNameScalar(scalars[index - 1]):
                // `$1` and `$` inside a name (PostgreSQL allows `a$b`) open no body.
                guard let end = dollarQuoteEnd(scalars, from: index) else { index += 1; continue }
                emit(.quoted(text(index..<end)), until: end)
            case "-" where next == "-":
                let end = scalars[index...].firstIndex(of: "\n") ?? scalars.count
                emit(.comment(text(index..<end)), until: end)
            case "/" where next == "*":
                let end = blockCommentEnd(scalars, from: index)
                emit(.comment(text(index..<end)), until: end)
            case ":" where next == ":":
                index += 2
            case ":" where next.map(isNameScalar) == true && (index == 0 || scalars[index - 1] != ":"):
                var end = index + 1
                while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
                emit(.named(text((index + 1)..<end)), until: end)
            case "?":
                emit(.positional, until: index + 1)
            case ";":
                emit(.semicolon, until: index + 1)
            default:
                index += 1
            }
        }
        if codeStart < scalars.count { tokens.append(.code(text(codeStart..<scalars.count))) }
        return tokens
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    /// Past the quote that closes the one at `start`; a doubled quote stays inside.
    private static func quoteEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        let quote = scalars[start]
        var end = start + 1
        while end < scalars.count {
            if scalars[end] == quote {
                if end + 1 < scalars.count, scalars[end + 1] == quote { end += 2; continue }
                return end + 1
            }
            end += 1
        }
        return scalars.count
    }

    /// Past the `$tag$` that closes the one at `start`, or nil when `start`
    /// opens no body. A tag is a name that does not begin with a digit.
    private static func dollarQuoteEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var tagEnd = start + 1
        if tagEnd < scalars.count, ("0"..."9").contains(scalars[tagEnd]) { return nil }
        while tagEnd < scalars.count, isNameScalar(scalars[tagEnd]) { tagEnd += 1 }
        guard tagEnd < scalars.count, scalars[tagEnd] == "$" else { return nil }
        let tag = scalars[start...tagEnd]
        var search = tagEnd + 1
        while search + tag.count <= scalars.count {
            if scalars[search..<(search + tag.count)].elementsEqual(tag) { return search + tag.count }
            search += 1
        }
        return scalars.count
    }

    /// Past the `*/` that closes the comment at `start`; PostgreSQL nests them.
    private static func blockCommentEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var depth = 0
        var end = start
        while end + 1 < scalars.count {
            if scalars[end] == "/", scalars[end + 1] == "*" {
                depth += 1
                end += 2
            } else if scalars[end] == "*", scalars[end + 1] == "/" {
                depth -= 1
                end += 2
                if depth == 0 { return end }
            } else {
                end += 1
            }
        }
        return scalars.count
    }
}
