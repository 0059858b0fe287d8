/// A query that cannot be found, read, bound or run.
package struct QueryError: Error, CustomStringConvertible, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
