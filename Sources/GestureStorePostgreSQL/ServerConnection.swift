#if PostgreSQL
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
    /// How long it waits on the server.
    package let bounds: ServerBounds
    private let group: MultiThreadedEventLoopGroup
    private let watch: ServerWatch
    /// The TCP connection under postgres-nio's.
    private let channel: any Channel

    /// Connects and authenticates, within the bounds (``ServerBounds``)
    /// that every later wait on the server keeps too.
    ///
    /// - Parameter bounds: nil takes them from the environment.
    /// - Throws: `StoreError` in one line for an unreachable server, a
    ///   refused login, a missing database, a refused TLS handshake, a bound
    ///   passed, or a bad bound in the environment.
    package init(_ address: ServerAddress, applicationName: String = "gesturelab", bounds: ServerBounds? = nil) throws {
        self.address = address
        let bounds = try bounds ?? ServerBounds(environment: ProcessInfo.processInfo.environment)
        self.bounds = bounds
        var logger = Logger(label: "gesturelab.postgresql")
        logger.logLevel = .critical
        self.logger = logger
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let watch = ServerWatch(idleSeconds: bounds.idleSeconds)
        self.watch = watch
        let channel: any Channel
        do {
            channel = try Self.open(address, bounds: bounds, watch: watch, on: group.next())
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        self.channel = channel
        do {
            var configuration = PostgresConnection.Configuration(
                establishedChannel: channel, tls: try Self.tls(for: address), username: address.user,
                password: address.password, database: address.database)
            configuration.options.connectTimeout = bounds.connectTimeout
            configuration.options.tlsServerName = Self.isIPAddress(address.host) ? nil : address.host
            configuration.options.additionalStartupParameters = [("application_name", applicationName)]
            let config = configuration
            let logger = self.logger
            let eventLoop = channel.eventLoop
            connection = try Self.blocking {
                try await PostgresConnection.connect(on: eventLoop, configuration: config, id: 1, logger: logger)
            }
        } catch {
            try? group.syncShutdownGracefully()
            if watch.expired || Self.isTimeout(error) {
                throw StoreError("cannot reach PostgreSQL at \(ServerFailure.server(address)): no answer within "
                    + "\(ServerBounds.spoken(bounds.connectSeconds)) (\(ServerBounds.connectVariable))")
            }
            throw ServerFailure.describe(error, address: address, doing: "connect")
        }
    }

    /// The TCP connection, with keepalive on and the watch next to the socket.
    private static func open(_ address: ServerAddress, bounds: ServerBounds, watch: ServerWatch,
                             on eventLoop: any EventLoop) throws -> any Channel {
        var bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(bounds.connectTimeout)
            .channelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(watch) }
            }
        #if os(Linux)
        // Probes after this long idle, then every few seconds; three
        // unanswered ones end the connection.
        let tcp = NIOBSDSocket.OptionLevel(rawValue: CInt(IPPROTO_TCP))
        bootstrap = bootstrap
            .channelOption(ChannelOptions.Types.SocketOption(level: tcp, name: .init(rawValue: TCP_KEEPIDLE)),
                           value: SocketOptionValue(bounds.keepaliveSeconds))
            .channelOption(ChannelOptions.Types.SocketOption(level: tcp, name: .init(rawValue: TCP_KEEPINTVL)),
                           value: SocketOptionValue(max(1, bounds.keepaliveSeconds / 3)))
            .channelOption(ChannelOptions.Types.SocketOption(level: tcp, name: .init(rawValue: TCP_KEEPCNT)), value: 3)
        #endif
        do {
            let connecting = bootstrap.connect(host: address.host, port: address.port)
            return try Self.blocking { try await connecting.get() }
        } catch {
            throw ServerFailure.unreachable(error, address: address)
        }
    }

    private static func isTimeout(_ error: any Error) -> Bool {
        let underlying = (error as? PSQLError)?.underlying ?? error
        if case ChannelError.connectTimeout = underlying { return true }
        return false
    }

    private static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
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
        if channel.isActive {
            try? watched { try Self.blocking { try await connection.close() } }
        }
        try? group.syncShutdownGracefully()
    }

    /// Runs a wait on the server under the watch (``ServerWatch``): a wait
    /// the idle bound ended throws ``ServerFailure/Idle``.
    ///
    /// A connection already closed throws ``ServerFailure/Closed`` at once:
    /// postgres-nio, handed a statement after the server closed the
    /// connection, never answered (a push's ROLLBACK after a `COPY` the
    /// server's stop cut off waited for good).
    private func watched<T>(_ body: () throws -> T) throws -> T {
        guard channel.isActive else { throw ServerFailure.Closed() }
        watch.begin()
        defer { watch.end() }
        do {
            return try body()
        } catch {
            if watch.expired { throw ServerFailure.Idle(seconds: bounds.idleSeconds) }
            throw error
        }
    }

    /// Runs one statement, handing each row to `row` as it arrives.
    ///
    /// - Throws: postgres-nio's `PSQLError`, for the caller to word
    ///   (``ServerFailure``), or what `row` throws.
    func forEachRow(_ query: PostgresQuery, _ row: (PostgresRow) throws -> Void) throws {
        nonisolated(unsafe) let handler = row
        let connection = self.connection
        let logger = self.logger
        try watched {
            try Self.blocking {
                let rows = try await connection.query(query, logger: logger)
                for try await next in rows { try handler(next) }
            }
        }
    }

    /// Runs one statement, handing each row to `row` on the connection's
    /// event loop as it is decoded, while this thread waits: no task switch
    /// a row, for statements of millions of rows (an export). `row` may
    /// block the loop for a while (a full output buffer); the connection
    /// has no other work then.
    ///
    /// - Throws: postgres-nio's `PSQLError`, or what `row` throws.
    func forEachRowOnEventLoop(_ query: PostgresQuery, _ row: (PostgresRow) throws -> Void) throws {
        let connection = self.connection
        let logger = self.logger
        // postgres-nio may hold its row closure after the future completes:
        // it holds `box`, which lets go of `row` before this call returns.
        try withoutActuallyEscaping(row) { escapable in
            let box = RowHandlerBox(escapable)
            defer { box.release() }
            do {
                try watched {
                    _ = try connection.query(query, logger: logger) { next in try box.handle(next) }.wait()
                }
            } catch {
                // postgres-nio cancels the statement and reports that; what
                // stopped it was `row`'s error.
                throw box.stopped ?? error
            }
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
        return try watched { try Self.blocking { try await work(connection) } }
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
            let run: @Sendable () async -> Void = {
                await box.run()
                done.signal()
            }
            if withUnsafeCurrentTask(body: { $0 == nil }) {
                // Called from a plain thread (the command line's): the
                // cooperative pool has threads to spare, and a task without
                // an executor preference pays less at each row it awaits.
                Task.detached(operation: run)
            } else {
                // Called from a task (parallel tests): not on the cooperative
                // pool, whose threads may all be blocked in calls like this
                // one, so the task would never run.
                Task(executorPreference: BlockingCallExecutor.shared, operation: run)
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

/// The row handler of ``ServerConnection/forEachRowOnEventLoop(_:_:)``, as
/// postgres-nio holds it: called on the event loop while the caller waits,
/// emptied before the caller returns, with the error that stopped it.
private final class RowHandlerBox: @unchecked Sendable {
    private var handler: ((PostgresRow) throws -> Void)?
    private(set) var stopped: (any Error)?

    init(_ handler: @escaping (PostgresRow) throws -> Void) {
        self.handler = handler
    }

    func handle(_ row: PostgresRow) throws {
        do {
            try handler?(row)
        } catch {
            stopped = error
            throw error
        }
    }

    func release() { handler = nil }
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
#endif
