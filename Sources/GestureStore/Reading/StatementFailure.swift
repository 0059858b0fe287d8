import Foundation
import GestureTrace

/// A statement that a store's engine would not run, in terms that do not
/// depend on the engine: why, in the seam's words (``Reason``), and the
/// engine's own message.
///
///     do { try reader.fetchRows(sql: sql) } catch let error as StoreError {
///         if error.statement?.reason == .writeRefused { … }
///     }
package struct StatementFailure: Sendable, Equatable {
    /// What a caller may want to tell apart; the rest is ``Reason/other``.
    package enum Reason: Sendable, Equatable {
        /// The statement writes, and a reader only reads.
        case writeRefused
        /// The text holds more than one statement.
        case severalStatements
        /// The text holds no statement at all.
        case noStatement
        /// A parameter of the statement has no value among the arguments.
        case missingArgument
        /// Any other refusal: a syntax error, an unknown table or column.
        case other
    }

    package var reason: Reason
    /// The engine's words, such as `no such column: nope`.
    package var message: String
    /// The statement as the caller gave it, when the failure is one statement's.
    package var sql: String?

    package init(_ reason: Reason, message: String, sql: String? = nil) {
        self.reason = reason
        self.message = message
        self.sql = sql
    }

    /// The engine that refused a statement, as a failure's line names it.
    package enum Engine: Sendable, Equatable {
        /// SQLite, with the result code that stands for the failure (1 for
        /// an error, 8 for a write refused, 21 for a misuse).
        case sqlite(resultCode: Int32)
        /// A shared store's PostgreSQL server.
        case postgreSQL
    }

    /// The one line printed when no caller words the failure itself: the
    /// engine, its message and the statement, on one line whatever the
    /// statement's own lines (see ``oneLineSQL``).
    ///
    ///     failure.line(engine: .sqlite(resultCode: 1))
    ///     // SQLite error 1: no such column: nope - while executing `SELECT nope FROM capture`
    ///     failure.line(engine: .postgreSQL)
    ///     // PostgreSQL error: column "nope" does not exist - while executing `SELECT nope FROM capture`
    package func line(engine: Engine) -> String {
        var line: String
        switch engine {
        case .sqlite(let code): line = "SQLite error \(code): \(TerminalText.escaped(message))"
        case .postgreSQL: line = "PostgreSQL error: \(TerminalText.escaped(message))"
        }
        if let sql {
            line += " - while executing `\(Self.oneLineSQL(sql))`"
        }
        return line
    }

    /// The longest statement a failure's line quotes whole, in characters.
    package static let quotedSQLLimit = 120

    /// A statement as a message quotes it: runs of blanks and line breaks as
    /// one space, without the separators around it, cut after
    /// ``quotedSQLLimit`` characters with `…`, control characters escaped.
    /// The whole statement stays in ``sql``.
    ///
    ///     StatementFailure.oneLineSQL("SELECT *\n  FROM capture;")   // "SELECT * FROM capture"
    package static func oneLineSQL(_ sql: String) -> String {
        let words = sql.trimmingCharacters(in: separators).split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        var line = words.joined(separator: " ")
        if line.count > quotedSQLLimit {
            line = String(line.prefix(quotedSQLLimit)) + "…"
        }
        return TerminalText.escaped(line)
    }

    private static let separators = CharacterSet(charactersIn: ";").union(.whitespacesAndNewlines)
}
