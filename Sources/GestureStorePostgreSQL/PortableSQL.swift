#if PostgreSQL
import GestureStore
import GRDB

/// SQL written for SQLite's parameters, made ready for PostgreSQL's.
///
/// The store's SQL binds `?` (by position) and `:name` (by name).
/// PostgreSQL numbers its parameters `$1, $2, …`; this rewrites each `?` to
/// the next number and each distinct `:name` to one number, leaving string
/// literals, quoted names, comments and PostgreSQL's `::` casts alone.
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

    /// - Throws: `DatabaseError` when the text holds more than one
    ///   statement, worded as GRDB words it for SQLite.
    init(_ sql: String) throws {
        var output = ""
        var pieces: [Piece] = []
        var parameters: [Parameter] = []
        var positional = 0
        var statementEnded = false
        let scalars = Array(sql.unicodeScalars)
        var index = 0
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        func copy(until end: Int) {
            output.unicodeScalars.append(contentsOf: scalars[index..<min(end, scalars.count)])
            index = min(end, scalars.count)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if statementEnded && !scalar.properties.isWhitespace && scalar != ";" && !(scalar == "-" && next == "-")
                && !(scalar == "/" && next == "*") {
                throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                    message: "Multiple statements found. PostgreSQL runs one statement at a time.",
                                    sql: sql)
            }
            switch scalar {
            case "'", "\"":
                // A literal or quoted name runs to its closing quote; doubled quotes stay inside.
                var end = index + 1
                while end < scalars.count {
                    if scalars[end] == scalar {
                        if end + 1 < scalars.count, scalars[end + 1] == scalar { end += 2; continue }
                        break
                    }
                    end += 1
                }
                copy(until: end + 1)
            case "-" where next == "-":
                var end = index
                while end < scalars.count, scalars[end] != "\n" { end += 1 }
                copy(until: end)
            case "/" where next == "*":
                var end = index + 2
                while end + 1 < scalars.count, !(scalars[end] == "*" && scalars[end + 1] == "/") { end += 1 }
                copy(until: end + 2)
            case ":" where next == ":":
                copy(until: index + 2)
            case ":" where next.map(isNameScalar) == true:
                var end = index + 1
                while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                if !parameters.contains(.named(name)) { parameters.append(.named(name)) }
                pieces.append(.text(output))
                pieces.append(.parameter(parameters.firstIndex(of: .named(name))!))
                output = ""
                index = end
            case "?":
                parameters.append(.position(positional))
                positional += 1
                pieces.append(.text(output))
                pieces.append(.parameter(parameters.count - 1))
                output = ""
                index += 1
            case ";":
                statementEnded = true
                index += 1
            default:
                output.unicodeScalars.append(scalar)
                index += 1
            }
        }
        pieces.append(.text(output))
        self.pieces = pieces
        self.parameters = parameters
    }

    /// The text for PostgreSQL and the value of each `$n` in it.
    ///
    /// - Throws: `DatabaseError` for a parameter without a value.
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
                    throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "wrong number of statement arguments")
                }
                return arguments.positional[index]
            case .named(let name):
                guard let value = arguments.named[name] else {
                    throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "missing statement argument: \(name)")
                }
                return value
            }
        }
    }
}
#endif
