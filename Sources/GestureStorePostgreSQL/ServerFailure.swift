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

    /// A wait on the server that the idle bound ended (``ServerWatch``).
    struct Idle: Error {
        var seconds: Double
    }

    /// A statement asked of a connection already closed.
    struct Closed: Error {}

    /// `HOST:PORT`, escaped, as every message names the server.
    static func server(_ address: ServerAddress) -> String {
        "\(TerminalText.escaped(address.host)):\(address.port)"
    }

    /// What became of the connection, for a message that goes on to say
    /// what it means for the command: `PostgreSQL at HOST:PORT closed the connection`.
    static func lost(_ error: any Error, address: ServerAddress) -> String? {
        if let idle = error as? Idle {
            return "PostgreSQL at \(server(address)) neither sent nor took a byte for "
                + "\(ServerBounds.spoken(idle.seconds)) (\(ServerBounds.idleVariable)), so gesturelab closed the connection"
        }
        if error is Closed { return "PostgreSQL at \(server(address)) closed the connection" }
        // The COPY writer's way of saying it.
        if let legacy = error as? PostgresError, case .connectionClosed = legacy {
            return "PostgreSQL at \(server(address)) closed the connection"
        }
        guard let error = error as? PSQLError else { return nil }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError:
            return "PostgreSQL at \(server(address)) closed the connection"
        default:
            return nil
        }
    }

    /// A failure to open the TCP connection, in one line.
    static func unreachable(_ error: any Error, address: ServerAddress) -> StoreError {
        let host = TerminalText.escaped(address.host)
        if let lookup = unresolvedHost(error) {
            return StoreError("cannot reach PostgreSQL at \(server(address)): the host \(host) could not be resolved "
                + "(\(TerminalText.escaped(lookup.errorDescription)))")
        }
        let reason = "\(error)"
        let refused = reason.contains("refused") ? "connection refused" : TerminalText.escaped(String(reason.prefix(200)))
        return StoreError("cannot reach PostgreSQL at \(server(address)): \(refused)")
    }

    /// A failure to connect, or a lost connection, as a `StoreError`.
    ///
    /// Names from the URL and the server's words are the user's text, so
    /// they are escaped (`TerminalText`): a database named with `%0A` stays
    /// on the one line.
    static func describe(_ error: any Error, address: ServerAddress, doing: String) -> StoreError {
        let host = TerminalText.escaped(address.host)
        let server = "\(host):\(address.port)"
        let user = TerminalText.escaped(address.user)
        if error is Idle || error is Closed, let lost = lost(error, address: address) { return StoreError(lost) }
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
            return unreachable(error.underlying ?? error, address: address)
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
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
