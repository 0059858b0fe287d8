#if PostgreSQL
import GestureStore
import GRDB

/// SQL written for SQLite's parameters, made ready for PostgreSQL's.
///
/// The store's SQL binds `?` (by position) and `:name` (by name).
/// PostgreSQL numbers its parameters `$1, $2, …`; this rewrites each `?` to
/// the next number and each distinct `:name` to one number, leaving string
/// literals, quoted names, dollar-quoted bodies, comments and PostgreSQL's
/// `::` casts alone (``SQLTokenizer`` tells them apart).
/// A NULL value is written into the text as `NULL` instead: PostgreSQL
/// cannot infer the type of a parameter that is only tested with `IS NULL`,
/// and an untyped NULL takes whatever type its place needs, as in SQLite.
///
///     let sql = try PortableSQL("SELECT * FROM responses WHERE (:v IS NULL OR via = :v) AND event = ?")
///     try sql.statement(StoreArguments(["touchDown"], named: ["v": "touches".databaseValue]))
///     // ("SELECT * FROM responses WHERE ($1 IS NULL OR via = $1) AND event = $2", ["touches", "touchDown"])
struct PortableSQL: Equatable {
    enum Parameter: Equatable {
        case position(Int)
        case named(String)
    }

    /// The statement in pieces: text, and the index in ``parameters`` of
    /// each parameter's place.
    enum Piece: Equatable {
        case text(String)
        case parameter(Int)
    }

    var pieces: [Piece]
    /// The distinct parameters, in order of first appearance.
    var parameters: [Parameter]

    /// - Throws: `StoreError` when the text holds more than one statement.
    init(_ sql: String) throws {
        var output = ""
        var pieces: [Piece] = []
        var parameters: [Parameter] = []
        var positional = 0
        var statementEnded = false
        for token in SQLTokenizer.tokens(sql) {
            // After a `;` only blanks and more `;` may follow: PostgreSQL's
            // extended protocol runs one statement, and so does SQLite's reader.
            if statementEnded && !token.isBlank && token != .semicolon {
                let failure = StatementFailure(.severalStatements,
                                               message: "Multiple statements found. PostgreSQL runs one statement at a time.",
                                               sql: sql)
                throw StoreError(failure.line(engine: .postgreSQL), statement: failure)
            }
            switch token {
            case .named(let name):
                if !parameters.contains(.named(name)) { parameters.append(.named(name)) }
                pieces.append(.text(output))
                pieces.append(.parameter(parameters.firstIndex(of: .named(name))!))
                output = ""
            case .positional:
                parameters.append(.position(positional))
                positional += 1
                pieces.append(.text(output))
                pieces.append(.parameter(parameters.count - 1))
                output = ""
            case .semicolon:
                statementEnded = true
            case .code, .quoted, .comment:
                output += token.text
            }
        }
        pieces.append(.text(output))
        self.pieces = pieces
        self.parameters = parameters
    }

    /// The text for PostgreSQL and the value of each `$n` in it.
    ///
    /// - Throws: `StoreError` for a parameter without a value.
    func statement(_ arguments: StoreArguments) throws -> (text: String, values: [DatabaseValue]) {
        let values = try self.values(arguments)
        var numbers: [Int: Int] = [:]
        var bound: [DatabaseValue] = []
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let part):
                text += part
            case .parameter(let index) where values[index].isNull:
                text += "NULL"
            case .parameter(let index):
                if numbers[index] == nil {
                    bound.append(values[index])
                    numbers[index] = bound.count
                }
                text += "$\(numbers[index]!)"
            }
        }
        return (text, bound)
    }

    /// The value of each parameter, from the arguments given by position and by name.
    private func values(_ arguments: StoreArguments) throws -> [DatabaseValue] {
        try parameters.map { parameter in
            switch parameter {
            case .position(let index):
                guard index < arguments.positional.count else {
                    throw Self.missingArgument("wrong number of statement arguments")
                }
                return arguments.positional[index]
            case .named(let name):
                guard let value = arguments.named[name] else {
                    throw Self.missingArgument("missing statement argument: \(name)")
                }
                return value
            }
        }
    }

    private static func missingArgument(_ message: String) -> StoreError {
        let failure = StatementFailure(.missingArgument, message: message)
        return StoreError(failure.line(engine: .postgreSQL), statement: failure)
    }
}
#endif
