#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A time on the device's monotonic clock: the one `UITouch.timestamp`,
/// `CACurrentMediaTime()` and `ProcessInfo.systemUptime` share, and the
/// only clock a capture's `t` may use.
///
///     recorder.touch(1, .began, at: RecorderTime(seconds: touch.timestamp), x: 10, y: 20)
///     recorder.delivery(button, event: touchDown, via: .controlEvent, at: .now)
public struct RecorderTime: Sendable, Hashable, Comparable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Seconds as UIKit gives them (`UITouch.timestamp`), to the nearest nanosecond.
    public init(seconds: Double) {
        nanoseconds = seconds.isFinite ? Int64((seconds * 1e9).rounded()) : 0
    }

    /// The clock read now: on Apple platforms `CLOCK_UPTIME_RAW`, which
    /// `CACurrentMediaTime()` reads; elsewhere `CLOCK_MONOTONIC`.
    public static var now: RecorderTime {
        #if canImport(Darwin)
        RecorderTime(nanoseconds: Int64(clock_gettime_nsec_np(CLOCK_UPTIME_RAW)))
        #else
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return RecorderTime(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
        #endif
    }

    public static func < (lhs: RecorderTime, rhs: RecorderTime) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }
}
