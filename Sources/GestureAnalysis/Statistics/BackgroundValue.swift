import Dispatch

/// A value computed on another thread while the caller does something else.
///
/// ```swift
/// let intervals = BackgroundValue { Comparison.percentIntervals(a: a, b: b, options: options) }
/// let paired = try selection.pairedDifferencesBySession(db, a: "observer", b: "target-action")
/// let drawn = intervals.wait()
/// ```
package final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    /// Written once by the worker before `done` is signalled; read after.
    private var value: Value?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `body` on a global queue.
    package init(_ body: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.value = body()
            self.done.signal()
        }
    }

    /// The value, once computed (blocks until then; may be called again).
    package func wait() -> Value {
        done.wait()
        defer { done.signal() }
        return value!
    }
}
