/// A refusal from the store: a database it must not touch, a failed import.
///
/// The message is one or a few plain lines for standard error; when SQL
/// failed it carries the statement and the values bound to it.
package struct StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
