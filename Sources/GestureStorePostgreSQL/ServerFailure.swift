import GestureStore
import GRDB
import PostgresNIO

/// postgres-nio's errors in the words of a gesturelab command: one line,
/// the server as the masked URL, never the password.
enum ServerFailure {
    /// SQLSTATE codes the messages single out.
    static let readOnlyTransaction = "25006"
    static let invalidPassword = "28P01"
    static let unknownDatabase = "3D000"

    /// A failure to connect, or a lost connection, as a `StoreError`.
    static func describe(_ error: any Error, address: ServerAddress, doing: String) -> StoreError {
        let server = "\(address.host):\(address.port)"
        guard let error = error as? PSQLError else {
            if let error = error as? StoreError { return error }
            return StoreError("cannot \(doing) to PostgreSQL at \(server): \(error)")
        }
        switch error.code {
        case .server:
            let message = error.serverInfo?[.message] ?? "refused"
            switch error.serverInfo?[.sqlState] {
            case invalidPassword:
                return StoreError("PostgreSQL at \(server) refused user \(address.user): \(message) "
                    + "(the password comes from the URL, $PGPASSWORD or ~/.pgpass)")
            case unknownDatabase:
                return StoreError("PostgreSQL at \(server) has no database \(address.database) (\(message))")
            default:
                return StoreError("PostgreSQL at \(server): \(message)")
            }
        case .sslUnsupported:
            return StoreError("PostgreSQL at \(server) does not offer TLS, and \(address.masked) asks for "
                + "sslmode=\(address.sslMode.rawValue)")
        case .authMechanismRequiresPassword:
            return StoreError("PostgreSQL at \(server) asks user \(address.user) for a password: give it in "
                + "the URL, $PGPASSWORD or ~/.pgpass")
        case .connectionError:
            let reason = error.underlying.map { "\($0)" } ?? "no connection"
            let refused = reason.contains("refused") ? "connection refused" : reason
            return StoreError("cannot reach PostgreSQL at \(server): \(refused)")
        case .serverClosedConnection, .clientClosedConnection:
            return StoreError("PostgreSQL at \(server) closed the connection")
        default:
            return StoreError("cannot \(doing) PostgreSQL at \(server): \(error.code)")
        }
    }

    /// A failed statement as the seam's `StoreError`, the error every reader
    /// throws: a write refused by the read-only transaction is
    /// `writeRefused`, a lost connection is worded as by ``describe(_:address:doing:)``.
    static func statementError(_ error: any Error, sql: String, address: ServerAddress) -> StoreError {
        guard let error = error as? PSQLError, error.code == .server, let info = error.serverInfo else {
            return describe(error, address: address, doing: "query")
        }
        let refusedWrite = info[.sqlState] == readOnlyTransaction
        let failure = StatementFailure(refusedWrite ? .writeRefused : .other, message: info[.message] ?? "failed", sql: sql)
        // The line names the SQLite code it always has: SQLITE_READONLY (8) or SQLITE_ERROR (1).
        return StoreError(failure.line(resultCode: refusedWrite ? 8 : 1), statement: failure)
    }
}
