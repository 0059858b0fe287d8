/// A refusal from the store, on either engine: a database it must not
/// touch, a failed import, a server it cannot reach, a statement the engine
/// would not run. It is the one error of the reading seam (``StoreReader``):
/// no reader lets its engine's own errors through.
///
/// The message is one or a few plain lines for standard error; when SQL
/// failed it carries the statement and the values bound to it. A failed
/// statement also comes apart in ``statement``, so a command can word the
/// refusal for its user (`--sql` does) whatever the engine.
package struct StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String
    /// What failed, when an engine refused a statement; nil otherwise.
    package var statement: StatementFailure?

    package init(_ message: String) {
        self.message = message
        statement = nil
    }

    /// A refused statement, with the line to print when nothing words it better.
    package init(_ message: String, statement: StatementFailure) {
        self.message = message
        self.statement = statement
    }

    package var description: String { message }
}
