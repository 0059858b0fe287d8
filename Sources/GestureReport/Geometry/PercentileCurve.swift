import GestureAnalysis

/// A group's latency at percentiles spaced evenly on the ``PercentileAxis``,
/// from 0 % to 99.9 %: at most `count` points however large the group.
///
/// Each point is the exact interpolated percentile (as `compare` and the
/// tables compute it), so the curve passes through the table's values.
///
///     let curve = PercentileCurve(sorted: latencies, count: 1_000)
///     curve.points.first   // (percent 0, latency min)
package struct PercentileCurve: Sendable, Equatable {
    package struct Point: Sendable, Equatable {
        package var percent: Double
        package var latency: Double
    }

    package var points: [Point]

    /// - Parameter sorted: latencies, ascending; an empty group has no points.
    package init(sorted: [Double], count: Int = 1_000) {
        guard !sorted.isEmpty else {
            points = []
            return
        }
        // A small group has no more shape than its values: fewer points suffice.
        let pointCount = max(2, min(count, sorted.count * 4))
        points = (0..<pointCount).map { index in
            let position = PercentileAxis.maximumPosition * Double(index) / Double(pointCount - 1)
            let percent = index == pointCount - 1 ? PercentileAxis.maximumPercent
                                                  : PercentileAxis.percent(position: position)
            return Point(percent: percent, latency: Percentile.of(sorted: sorted, percent: percent) ?? 0)
        }
    }
}
