/// A refusal from the store: a database it must not touch, a failed import.
///
/// The message is one or a few plain lines for standard error; when SQL
/// failed it carries the statement and the values bound to it.
public struct StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
