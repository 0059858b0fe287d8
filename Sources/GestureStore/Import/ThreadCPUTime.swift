#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU seconds the calling thread has used so far.
///
/// An import runs on two threads at once. Its wall time says how long it
/// took; what each thread spent, waiting aside, says which one it waited on
/// and how much work a record costs however it is split.
///
///     let before = ThreadCPUTime.seconds()
///     work()
///     let spent = ThreadCPUTime.seconds() - before
enum ThreadCPUTime {
    static func seconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
