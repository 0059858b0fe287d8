import Dispatch
import Foundation
import GestureStore
import PostgresNIO

/// One connection to a PostgreSQL server, used from synchronous code.
///
/// gesturelab's commands are synchronous and postgres-nio is asynchronous.
/// The connection owns its event loop (one thread); each call runs its work
/// as a task and blocks the calling thread until it ends, so the caller's
/// closures run one at a time, never concurrently with the caller.
///
///     let connection = try ServerConnection(address)
///     defer { connection.close() }
///     try connection.forEachRow("SELECT 1") { row in … }
package final class ServerConnection: @unchecked Sendable {
    package let address: ServerAddress
    let connection: PostgresConnection
    let logger: Logger
    private let group: MultiThreadedEventLoopGroup

    /// Connects and authenticates.
    ///
    /// - Throws: `StoreError` in one line for an unreachable server, a
    ///   refused login, a missing database or a refused TLS handshake.
    package init(_ address: ServerAddress, applicationName: String = "gesturelab") throws {
        self.address = address
        var logger = Logger(label: "gesturelab.postgresql")
        logger.logLevel = .critical
        self.logger = logger
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable)
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        do {
            configuration.tls = try Self.tls(for: address)
            let eventLoop = group.next()
            let config = configuration
            let logger = self.logger
            connection = try Self.blocking {
                try await PostgresConnection.connect(on: eventLoop, configuration: config, id: 1, logger: logger)
            }
        } catch {
            try? group.syncShutdownGracefully()
            throw ServerFailure.describe(error, address: address, doing: "connect")
        }
    }

    private static func tls(for address: ServerAddress) throws -> PostgresConnection.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch address.sslMode {
        case .disable: return .disable
        case .allow, .prefer, .require: tls.certificateVerification = .none
        case .verifyCA: tls.certificateVerification = .noHostnameVerification
        case .verifyFull: tls.certificateVerification = .fullVerification
        }
        let context = try NIOSSLContext(configuration: tls)
        return address.sslMode == .allow || address.sslMode == .prefer ? .prefer(context) : .require(context)
    }

    /// Closes the connection and stops its event loop.
    package func close() {
        let connection = self.connection
        try? Self.blocking { try await connection.close() }
        try? group.syncShutdownGracefully()
    }

    /// Runs one statement, handing each row to `row` as it arrives.
    ///
    /// - Throws: postgres-nio's `PSQLError`, for the caller to word
    ///   (``ServerFailure``), or what `row` throws.
    func forEachRow(_ query: PostgresQuery, _ row: (PostgresRow) throws -> Void) throws {
        nonisolated(unsafe) let handler = row
        let connection = self.connection
        let logger = self.logger
        try Self.blocking {
            let rows = try await connection.query(query, logger: logger)
            for try await next in rows { try handler(next) }
        }
    }

    /// Runs statements that return no rows, one after another.
    package func execute(_ statements: String...) throws {
        for statement in statements {
            try forEachRow(PostgresQuery(unsafeSQL: statement)) { _ in }
        }
    }

    /// Runs async work against the connection and waits for it.
    func run<T>(_ work: (PostgresConnection) async throws -> T) throws -> T {
        nonisolated(unsafe) let work = work
        let connection = self.connection
        return try Self.blocking { try await work(connection) }
    }

    /// Runs `body` as a task and blocks this thread until it finishes.
    ///
    /// Safe for non-`Sendable` state because the caller does nothing while
    /// the task runs; never call it from the connection's event loop.
    static func blocking<T>(_ body: () async throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { escapable in
            // The task may outlive its last statement; it holds the closure
            // through a box that is emptied before the caller resumes.
            let box = TaskBody(escapable)
            let done = DispatchSemaphore(value: 0)
            // Not on the cooperative pool: its threads may all be blocked in
            // calls like this one (parallel tests), and the task would never run.
            Task(executorPreference: BlockingCallExecutor.shared) {
                await box.run()
                done.signal()
            }
            done.wait()
            return try box.result!.get()
        }
    }
}

/// Runs the tasks of blocking calls on threads of their own (a serial
/// dispatch queue, which gets a thread even when every thread of Swift's
/// cooperative pool waits), so a blocked caller never starves its own task.
private final class BlockingCallExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = BlockingCallExecutor()
    private let queue = DispatchQueue(label: "gesturelab.postgresql.blocking", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// The work of ``ServerConnection/blocking(_:)``, handed to its task.
private final class TaskBody<T>: @unchecked Sendable {
    private var body: (() async throws -> T)?
    var result: Result<T, any Error>?

    init(_ body: @escaping () async throws -> T) {
        self.body = body
    }

    func run() async {
        do { result = .success(try await body!()) } catch { result = .failure(error) }
        body = nil
    }
}
