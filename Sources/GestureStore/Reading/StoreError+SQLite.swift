import GRDB

extension StoreError {
    /// GRDB's error for a SQLite statement, as the seam's error: GRDB's
    /// words on one line (a statement of several lines is quoted on one,
    /// see ``StatementFailure/oneLineSQL(_:)``), and the failure taken apart.
    package init(_ error: DatabaseError) {
        let message = error.message ?? "\(error)"
        let failure = StatementFailure(Self.reason(error, message: message), message: message, sql: error.sql)
        self.init(failure.line(engine: .sqlite(resultCode: error.resultCode.rawValue)), statement: failure)
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

    /// One line for a failure of the file or the disk under it (full,
    /// unreadable, not a database, not writable): the statement that met it,
    /// with a batch of arguments (4 KB in an import), would only bury it.
    /// Nil for any other failure.
    ///
    ///     StoreError.storageFailure(ResultCode(rawValue: 13), file: "lab.sqlite", message: "database or disk is full")
    ///     // cannot write to lab.sqlite: database or disk is full (SQLite error 13)
    package static func storageFailure(_ code: ResultCode, file: String, message: String) -> StoreError? {
        let storage: [ResultCode] = [.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_CANTOPEN,
                                     .SQLITE_READONLY, .SQLITE_PERM]
        guard storage.contains(code.primaryResultCode) else { return nil }
        return StoreError("cannot write to \(file): \(message) (SQLite error \(code.rawValue))")
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
