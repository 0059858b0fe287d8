#if PostgreSQL
import GestureStore
import GestureTrace
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
    ///
    /// Names from the URL and the server's words are the user's text, so
    /// they are escaped (`TerminalText`): a database named with `%0A` stays
    /// on the one line.
    static func describe(_ error: any Error, address: ServerAddress, doing: String) -> StoreError {
        let host = TerminalText.escaped(address.host)
        let server = "\(host):\(address.port)"
        let user = TerminalText.escaped(address.user)
        guard let error = error as? PSQLError else {
            if let error = error as? StoreError { return error }
            return StoreError("cannot \(doing) to PostgreSQL at \(server): \(TerminalText.escaped("\(error)"))")
        }
        switch error.code {
        case .server:
            let message = TerminalText.escaped(error.serverInfo?[.message] ?? "refused")
            switch error.serverInfo?[.sqlState] {
            case invalidPassword:
                return StoreError("PostgreSQL at \(server) refused user \(user): \(message) "
                    + "(the password comes from the URL, $PGPASSWORD or ~/.pgpass)")
            case unknownDatabase:
                return StoreError("PostgreSQL at \(server) has no database \(TerminalText.escaped(address.database)) (\(message))")
            default:
                return StoreError("PostgreSQL at \(server): \(message)")
            }
        case .sslUnsupported:
            return StoreError("PostgreSQL at \(server) does not offer TLS, and \(address.masked) asks for "
                + "sslmode=\(address.sslMode.rawValue)")
        case .authMechanismRequiresPassword:
            return StoreError("PostgreSQL at \(server) asks user \(user) for a password: give it in "
                + "the URL, $PGPASSWORD or ~/.pgpass")
        case .connectionError:
            if let lookup = unresolvedHost(error.underlying) {
                return StoreError("cannot reach PostgreSQL at \(server): the host \(host) could not be resolved "
                    + "(\(TerminalText.escaped(lookup.errorDescription)))")
            }
            let reason = error.underlying.map { "\($0)" } ?? "no connection"
            let refused = reason.contains("refused") ? "connection refused" : TerminalText.escaped(reason)
            return StoreError("cannot reach PostgreSQL at \(server): \(refused)")
        case .serverClosedConnection, .clientClosedConnection:
            return StoreError("PostgreSQL at \(server) closed the connection")
        default:
            return StoreError("cannot \(doing) PostgreSQL at \(server): \(error.code)")
        }
    }

    /// The failed name lookup behind a failed connection, if that is what it was.
    static func unresolvedHost(_ underlying: (any Error)?) -> SocketAddressError.UnknownHost? {
        if let lookup = underlying as? SocketAddressError.UnknownHost { return lookup }
        guard let connecting = underlying as? NIOConnectionError else { return nil }
        return (connecting.dnsAError ?? connecting.dnsAAAAError) as? SocketAddressError.UnknownHost
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
        return StoreError(failure.line(engine: .postgreSQL), statement: failure)
    }
}
#endif
