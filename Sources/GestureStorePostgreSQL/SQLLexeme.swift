#if PostgreSQL
/// The SQL cut finer than ``SQLTokenizer`` does: code into names (keywords
/// and numbers included), single punctuation characters and whitespace.
struct SQLLexeme: Equatable {
    enum Kind: Equatable {
        case name, punctuation, blank, atom
    }

    let kind: Kind
    let text: String

    /// The lower-cased name, for a name.
    var name: String? { kind == .name ? text.lowercased() : nil }

    func isPunctuation(_ character: String) -> Bool { kind == .punctuation && text == character }

    static func split(_ tokens: [SQLTokenizer.Token]) -> [SQLLexeme] {
        var lexemes: [SQLLexeme] = []
        for token in tokens {
            switch token {
            case .code(let code): lexemes += split(code: code)
            case .comment(let text): lexemes.append(SQLLexeme(kind: .blank, text: text))
            default: lexemes.append(SQLLexeme(kind: .atom, text: token.text))
            }
        }
        return lexemes
    }

    private static func split(code: String) -> [SQLLexeme] {
        let scalars = Array(code.unicodeScalars)
        var lexemes: [SQLLexeme] = []
        var index = 0
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        while index < scalars.count {
            var end = index + 1
            let kind: Kind
            if scalars[index].properties.isWhitespace {
                while end < scalars.count, scalars[end].properties.isWhitespace { end += 1 }
                kind = .blank
            } else if SQLTokenizer.isNameScalar(scalars[index]) {
                // PostgreSQL allows `$` inside a name after its first character.
                while end < scalars.count, SQLTokenizer.isNameScalar(scalars[end]) || scalars[end] == "$" { end += 1 }
                kind = .name
            } else {
                kind = .punctuation
            }
            lexemes.append(SQLLexeme(kind: kind, text: text(index..<end)))
            index = end
        }
        return lexemes
    }
}

extension ArraySlice where Element == SQLLexeme {
    func nonBlank(after index: Int) -> Int? {
        self[(index + 1)...].firstIndex { $0.kind != .blank }
    }

    func nonBlank(before index: Int) -> Int? {
        self[..<index].lastIndex { $0.kind != .blank }
    }

    /// The `)` that closes the `(` at `open`, if the SQL has one.
    func closing(_ open: Int) -> Int? {
        var depth = 0
        for index in open..<endIndex {
            if self[index].isPunctuation("(") { depth += 1 }
            if self[index].isPunctuation(")") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The indices in `range` outside any parentheses within it.
    func topLevel(_ range: Range<Int>) -> [Int] {
        var depth = 0
        var indices: [Int] = []
        for index in range {
            if self[index].isPunctuation("(") { depth += 1 }
            if depth == 0 { indices.append(index) }
            if self[index].isPunctuation(")") { depth -= 1 }
        }
        return indices
    }
}
#endif
