import Foundation

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

    /// The one line printed when no caller words the failure itself, as
    /// gesturelab has always printed it on both engines: GRDB's wording of
    /// SQLite's result code, message and statement. `code` is the SQLite
    /// result code that stands for the failure (1 for an error, 8 for a
    /// write refused, 21 for a misuse).
    package func line(resultCode code: Int32) -> String {
        var line = "SQLite error \(code): \(message)"
        if let sql {
            // GRDB trims statement separators around the SQL it prints.
            line += " - while executing `\(sql.trimmingCharacters(in: Self.separators))`"
        }
        return line
    }

    private static let separators = CharacterSet(charactersIn: ";").union(.whitespacesAndNewlines)
}
