/// Arithmetic on latencies that keeps equal values equal.
///
/// The store keeps every latency as whole nanoseconds and the relations
/// read it as milliseconds, `latency_ns / 1e6`: the double nearest the exact
/// value. A difference or a midpoint of two such doubles is rounded again,
/// and two that are equal in nanoseconds can then differ in the last bit:
/// 10.2 − 10.1 is 0.09999999999999964 and 20.4 − 20.3 is
/// 0.10000000000000142. For the rank tests that is not harmless: a tie
/// becomes a rank order (or the reverse), and Mann–Whitney's choice between
/// its exact and asymptotic forms, or Wilcoxon's zero differences, change
/// with it. So a difference or a midpoint is formed in nanoseconds, exact
/// in a double below 2^52 ns (52 days), and only the result is divided:
/// equal results are then the same double, as SciPy sees them when given
/// the exact values.
///
/// ```swift
/// WholeNanoseconds.difference(10.2, minus: 10.1)         // 0.1
/// WholeNanoseconds.difference(20.4, minus: 20.3)         // 0.1, the same double
/// WholeNanoseconds.median(sorted: [10.1, 10.2])          // 10.15
/// WholeNanoseconds.median(sorted: [10.0, 10.3])          // 10.15, the same double
/// ```
package enum WholeNanoseconds {
    /// The whole nanoseconds a latency read in milliseconds stands for.
    static func nanoseconds(_ milliseconds: Double) -> Double {
        (milliseconds * 1e6).rounded()
    }

    /// `b − a` in milliseconds, exact in nanoseconds.
    package static func difference(_ b: Double, minus a: Double) -> Double {
        (nanoseconds(b) - nanoseconds(a)) / 1e6
    }

    /// The median of ascending latencies in milliseconds: the middle value,
    /// or the midpoint of the middle two formed in nanoseconds (half a
    /// nanosecond is still exact). Linear interpolation, as ``Percentile``.
    ///
    /// - Precondition: `sorted` is not empty.
    package static func median(sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "the median of no values")
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return (nanoseconds(sorted[middle - 1]) + nanoseconds(sorted[middle])) / 2 / 1e6
    }
}
