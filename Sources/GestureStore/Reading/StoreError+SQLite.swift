import GRDB

extension StoreError {
    /// GRDB's error for a SQLite statement, as the seam's error: the same
    /// line GRDB prints, and the failure taken apart.
    package init(_ error: DatabaseError) {
        let message = error.message ?? "\(error)"
        self.init(error.description,
                  statement: StatementFailure(Self.reason(error, message: message), message: message, sql: error.sql))
    }

    /// Runs SQLite work through GRDB, throwing its `DatabaseError` as the
    /// seam's `StoreError`. Other errors (a failed write of the output, say)
    /// go through as they are.
    package static func translatingSQLite<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw StoreError(error)
        }
    }

    private static func reason(_ error: DatabaseError, message: String) -> StatementFailure.Reason {
        if error.resultCode == .SQLITE_READONLY { return .writeRefused }
        // GRDB refuses these before SQLite sees the statement, in its own words.
        if message.hasPrefix("Multiple statements found") { return .severalStatements }
        if message == "empty statement" { return .noStatement }
        if message.hasPrefix("missing statement argument") || message.hasPrefix("wrong number of statement arguments") {
            return .missingArgument
        }
        return .other
    }
}
