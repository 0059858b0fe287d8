#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension sigaction {
    /// An action that calls `handler`, with an empty mask and `flags`. Glibc
    /// and Darwin spell the member that holds the handler differently; this
    /// is the one place that knows both.
    ///
    ///     var action = sigaction.calling(handler, flags: Int32(truncatingIfNeeded: SA_RESETHAND))
    ///     sigaction(SIGINT, &action, nil)
    package static func calling(_ handler: @escaping @convention(c) (Int32) -> Void, flags: Int32 = 0) -> sigaction {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        return action
    }

    /// The handler the action calls; nil for the default action.
    package var handler: (@convention(c) (Int32) -> Void)? {
        #if canImport(Glibc)
        __sigaction_handler.sa_handler
        #else
        __sigaction_u.__sa_handler
        #endif
    }
}
