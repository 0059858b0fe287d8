#if PostgreSQL
import Foundation
import NIOCore

/// Ends a wait on a server that has stopped answering: while a statement
/// runs, a connection that carries no byte in either direction for the
/// idle bound (``ServerBounds``) is closed, which fails the statement.
///
/// It sits next to the socket, below TLS and postgres-nio's handlers, so it
/// counts the bytes as they cross the wire: a read, or a write the kernel
/// took, is progress. Between statements nothing is counted: the caller may
/// spend as long as it likes reading its own store.
final class ServerWatch: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer

    private struct State {
        var waiting = false
        var lastProgress = NIODeadline.now()
        var expired = false
    }

    let idle: TimeAmount
    private var state = State()
    private let lock = NSLock()
    private var check: RepeatedTask?

    init(idleSeconds: Double) {
        idle = .nanoseconds(Int64(idleSeconds * 1e9))
    }

    /// Whether the watch closed the connection for want of progress.
    var expired: Bool { withState { $0.expired } }

    /// Starts counting: the caller now waits on the server.
    func begin() {
        withState {
            $0.waiting = true
            $0.lastProgress = .now()
        }
    }

    /// Stops counting: the caller has its answer.
    func end() {
        withState { $0.waiting = false }
    }

    private func withState<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    private func progress() {
        withState { $0.lastProgress = .now() }
    }

    func channelActive(context: ChannelHandlerContext) {
        // A tenth of the bound, at most a second apart: the wait ends at most
        // that much after the bound.
        let period = TimeAmount.nanoseconds(max(1_000_000, min(1_000_000_000, idle.nanoseconds / 10)))
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleRepeatedTask(initialDelay: period, delay: period) { [self] _ in
            let idle = self.idle
            let expired = withState { state -> Bool in
                guard state.waiting, !state.expired, NIODeadline.now() - state.lastProgress >= idle else { return false }
                state.expired = true
                return true
            }
            if expired { loopBound.value.close(promise: nil) }
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        progress()
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.whenSuccess { [self] in progress() }
        context.write(data, promise: written)
    }
}
#endif
