import Foundation

/// Values counted into bins of one round width (1, 2 or 5 times a power of
/// ten), about `binCount` of them; every value lands in one bin.
///
///     let histogram = Histogram(sorted: [740, 748, 749, 751, 760], binCount: 4)
///     histogram.width          // 5
///     histogram.counts.reduce(0, +)   // 5
package struct Histogram: Sendable, Equatable {
    /// The lower edge of the first bin.
    package var start: Double
    package var width: Double
    /// Bin i holds values in [start + i·width, start + (i + 1)·width).
    package var counts: [Int]

    package init(sorted: [Double], binCount: Int = 30) {
        guard let first = sorted.first, let last = sorted.last else {
            start = 0
            width = 1
            counts = []
            return
        }
        width = NiceTicks.niceStep(for: max(last - first, 1e-9) / Double(max(binCount, 1)))
        start = (first / width).rounded(.down) * width
        let binTotal = max(1, Int(((last - start) / width).rounded(.down)) + 1)
        var counts = Array(repeating: 0, count: binTotal)
        for value in sorted {
            counts[min(binTotal - 1, max(0, Int(((value - start) / width).rounded(.down))))] += 1
        }
        self.counts = counts
    }

    /// The lower edge of bin `index`.
    package func lowerEdge(_ index: Int) -> Double { start + Double(index) * width }
}
