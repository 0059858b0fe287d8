/// A query that cannot be found, read, bound or run.
public struct QueryError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
