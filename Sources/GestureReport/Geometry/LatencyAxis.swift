/// Where a latency axis or colour scale starts: at 0, or lower when some
/// latency is negative. A negative latency (a delivery stamped before its
/// touch-down: a recorder mixing clocks) is kept, not hidden, so the plots
/// must reach it too; an axis fixed at 0 drew such a group off the plot.
///
///     LatencyAxis.lowerBound(3.2)     // 0
///     LatencyAxis.lowerBound(-10)     // -10
///     LatencyAxis.lowerBound(nil)     // 0
enum LatencyAxis {
    static func lowerBound(_ lowest: Double?) -> Double {
        guard let lowest, lowest.isFinite else { return 0 }
        return min(0, lowest)
    }
}
