import Dispatch
import SeededRandom

/// A point estimate with a confidence interval.
///
/// ```swift
/// let ci = BootstrapInterval(estimate: -3.2, low: -4.1, high: -2.5)
/// print("\(ci.estimate) [\(ci.low), \(ci.high)]")
/// ```
package struct BootstrapInterval: Sendable, Equatable {
    /// The statistic on the data as observed (not a bootstrap average).
    package var estimate: Double
    /// Lower bound of the interval.
    package var low: Double
    /// Upper bound of the interval.
    package var high: Double
    /// For a session-level interval (``SessionInterval``): its standard
    /// error, degrees of freedom, replicates a group and the larger
    /// endpoint's Monte Carlo SE as a share of the width; nil otherwise.
    package var standardError: Double? = nil
    package var degreesOfFreedom: Double? = nil
    package var replicates: Int? = nil
    package var monteCarloError: Double? = nil

    /// Creates an interval.
    package init(estimate: Double, low: Double, high: Double) {
        self.estimate = estimate
        self.low = low
        self.high = high
    }

    /// The percentile-method interval of B − A: `replicates` times, one
    /// replicate of A's statistic and one of B's from one random stream
    /// started at `seed`, and the (1−c)/2 and (1+c)/2 quantiles of the
    /// differences around `estimate`.
    ///
    /// Every bootstrap of a difference here is this loop; only the sampler
    /// (one-stage percentile, two-stage percentile, two-stage rate) differs.
    ///
    /// ```swift
    /// let ci = BootstrapInterval.ofDifference(estimate: 0.12, a: samplerA, b: samplerB,
    ///                                         seed: 1, replicates: 10_000, confidence: 0.95)
    /// ```
    static func ofDifference(estimate: Double, a: some BootstrapSampler, b: some BootstrapSampler, seed: UInt64,
                             replicates: Int, confidence: Double) -> BootstrapInterval {
        var generator = SeededGenerator(seed: seed)
        var values = [Double]()
        values.reserveCapacity(replicates)
        for _ in 0..<replicates {
            let valueA = a.draw(using: &generator)
            let valueB = b.draw(using: &generator)
            values.append(valueB - valueA)
        }
        return percentileMethod(estimate: estimate, replicates: &values, confidence: confidence)
    }

    /// The (1−c)/2 and (1+c)/2 quantiles of the replicates (sorted in place),
    /// linear interpolation as ``Percentile``.
    static func percentileMethod(estimate: Double, replicates values: inout [Double],
                                 confidence: Double) -> BootstrapInterval {
        values.sort()
        let tail = (1 - confidence) / 2 * 100
        return BootstrapInterval(estimate: estimate, low: Percentile.of(sorted: values, percent: tail)!,
                                 high: Percentile.of(sorted: values, percent: 100 - tail)!)
    }
}

extension BootstrapInterval {
    /// Replicates are drawn in this many chunks, each from its own generator.
    static let replicateChunks = 16

    /// `replicates` replicates of `statistics` statistics, one array a
    /// statistic, drawn in ``replicateChunks`` chunks side by side:
    /// `body(count, &generator)` draws one chunk's `count` replicates.
    ///
    /// Chunk j's generator is seeded with the j-th output of a generator
    /// started at `seed`, and the chunks are joined in order, so the result
    /// depends on the seed alone, not on how many cores drew it.
    static func replicatesInChunks(seed: UInt64, replicates: Int, statistics: Int,
                                   _ body: @Sendable (Int, inout SeededGenerator) -> [[Double]]) -> [[Double]] {
        let chunks = min(replicateChunks, replicates)
        var master = SeededGenerator(seed: seed)
        let seeds = (0..<chunks).map { _ in master.next() }
        let parts = concurrently(chunks) { chunk in
            var generator = SeededGenerator(seed: seeds[chunk])
            let count = replicates * (chunk + 1) / chunks - replicates * chunk / chunks
            return body(count, &generator)
        }
        return (0..<statistics).map { statistic in parts.flatMap { $0[statistic] } }
    }

    /// `body(0) … body(count − 1)` on as many threads as there are cores,
    /// in index order in the result.
    ///
    /// The bootstraps of one comparison (one a percentile, each with its own
    /// generator started at the seed) are independent: drawn side by side,
    /// they give the same intervals as drawn in turn.
    package static func concurrently<Value: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Value) -> [Value] {
        guard count > 1 else { return (0..<count).map(body) }
        let slots = Slots<Value>(buffer: .allocate(capacity: count))
        slots.buffer.initialize(repeating: nil)
        defer {
            slots.buffer.deinitialize()
            slots.buffer.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: count) { index in slots.buffer[index] = body(index) }
        return slots.buffer.map { $0! }
    }

    /// One result slot per index, each written by one thread only.
    private struct Slots<Value>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Value?>
    }
}
