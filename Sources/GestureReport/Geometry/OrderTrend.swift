import GestureAnalysis

/// Latency against a touch's order in its session, summarised as the
/// median of consecutive orders grouped into at most `binCount` bins: does
/// the first touch of a session run slow (warm-up), or the last (drift)?
///
///     let trend = OrderTrend(touches: [(1, 900), (1, 850), (2, 5), (3, 4)], binCount: 50)
///     trend.bins.map(\.median)   // [875, 5, 4]
package struct OrderTrend: Sendable, Equatable {
    package struct Bin: Sendable, Equatable {
        /// The first and last touch order the bin holds.
        package var firstOrder: Int
        package var lastOrder: Int
        package var count: Int
        package var median: Double
    }

    package var binWidth: Int
    package var bins: [Bin]

    package init(touches: [(order: Int, latency: Double)], binCount: Int = 50) {
        let highest = touches.map(\.order).max() ?? 0
        binWidth = max(1, (highest + binCount - 1) / max(binCount, 1))
        var latencies: [Int: [Double]] = [:]
        for touch in touches where touch.order >= 1 {
            latencies[(touch.order - 1) / binWidth, default: []].append(touch.latency)
        }
        let width = binWidth
        bins = latencies.keys.sorted().map { key in
            let sorted = latencies[key, default: []].sorted()
            return Bin(firstOrder: key * width + 1, lastOrder: (key + 1) * width, count: sorted.count,
                       median: Percentile.of(sorted: sorted, percent: 50) ?? 0)
        }
    }

    /// The bin's middle order, where it is drawn.
    package static func middle(_ bin: Bin) -> Double { Double(bin.firstOrder + bin.lastOrder) / 2 }
}
