import SeededRandom
import Foundation

/// Bootstrap confidence intervals for percentiles, exact and O(1) per replicate.
///
/// **Method.** Percentile-method bootstrap: draw `replicates` bootstrap
/// resamples, compute the statistic on each, and report the (1−c)/2 and
/// (1+c)/2 quantiles of those replicates (c = `confidence`) around the
/// statistic of the observed data. Percentiles are the linear-interpolation
/// ones of ``Percentile`` (numpy's default, SQLite's `percentile`).
///
/// Resampling a million values thousands of times would take minutes, so no
/// resample is ever built. For sorted values x₍₁₎ ≤ … ≤ x₍ₙ₎, a resample is
/// x₍⌈n·Uᵢ⌉₎ for n independent uniforms Uᵢ, and because ⌈n·u⌉ is monotone its
/// k-th smallest value is x₍⌈n·U₍ₖ₎⌉₎, where U₍ₖ₎, the k-th smallest uniform,
/// follows Beta(k, n+1−k). Given U₍ₖ₎, the next one is
/// U₍ₖ₊₁₎ = U₍ₖ₎ + (1 − U₍ₖ₎)·(1 − V^(1/(n−k))) for a fresh uniform V (the
/// minimum of the n−k uniforms above U₍ₖ₎). The percentile p sits at position
/// h = (p/100)·(n−1) (0-based); with k = ⌊h⌋ + 1 the resample's percentile is
/// X*₍ₖ₎ + (h − ⌊h⌋)·(X*₍ₖ₊₁₎ − X*₍ₖ₎). So each replicate costs one beta
/// variate (two gamma variates, Marsaglia–Tsang) and one uniform, whatever n:
/// the replicates have exactly the distribution a brute-force bootstrap
/// would give, and the only O(n log n) work is the caller's sort.
///
/// Reproducible: every call starts a ``SeededGenerator`` at `seed`, so the same
/// seed, data and settings give the same interval on any platform.
///
/// **Too few values.** A sample is refused below
/// ``minimumSampleSize(percent:confidence:)``: at least the size benchstat
/// needs for a median interval at this confidence (the smallest n with
/// 2·0.5ⁿ ≤ 1−c: 6 at 95 %), and at least ⌈1/(1 − p/100)⌉ so that on average
/// one value lies beyond the percentile (p90: 10, p95: 20, p99: 100). These
/// are minimums, not guarantees: a p99 interval from 100 values is wide and
/// its coverage rough.
///
/// ```swift
/// let bootstrap = QuantileBootstrap(seed: 1)
/// let delta = try bootstrap.difference(a: a.sorted(), b: b.sorted(), percent: 95).get()
/// print("p95 B−A: \(delta.estimate) ms, 95 % CI [\(delta.low), \(delta.high)]")
/// ```
package struct QuantileBootstrap: Sendable {
    /// Seed of the random stream; the same seed gives the same intervals.
    package var seed: UInt64
    /// Number of bootstrap replicates. They cost microseconds, so the default
    /// is 10 000 rather than the customary 2 000, which steadies the tails.
    package var replicates: Int
    /// Coverage of the interval, e.g. 0.95.
    package var confidence: Double

    /// Creates a bootstrap with a seed, a replicate count and a confidence level.
    ///
    /// ```swift
    /// let bootstrap = QuantileBootstrap(seed: 42, replicates: 2000, confidence: 0.9)
    /// ```
    package init(seed: UInt64, replicates: Int = 10_000, confidence: Double = 0.95) {
        precondition(replicates >= 1, "need at least one replicate")
        precondition(confidence > 0 && confidence < 1, "confidence must be in (0, 1)")
        self.seed = seed
        self.replicates = replicates
        self.confidence = confidence
    }

    /// The fewest values a sample needs for an interval of percentile `percent`.
    ///
    /// max(smallest n with 2·0.5ⁿ ≤ 1 − confidence, ⌈100/(100 − percent)⌉).
    ///
    /// ```swift
    /// QuantileBootstrap.minimumSampleSize(percent: 50)  // 6
    /// QuantileBootstrap.minimumSampleSize(percent: 99)  // 100
    /// ```
    package static func minimumSampleSize(percent: Double, confidence: Double = 0.95) -> Int {
        precondition(percent >= 0 && percent < 100, "percent must be in [0, 100)")
        var forMedian = 2
        while 2 * pow(0.5, Double(forMedian)) > 1 - confidence { forMedian += 1 }
        // The small allowance keeps 100/(100 − 99) from rounding up to 101.
        let forTail = Int((100 / (100 - percent) - 1e-9).rounded(.up))
        return max(forMedian, forTail)
    }

    /// Interval for percentile(B) − percentile(A), both samples sorted ascending.
    ///
    /// A and B are resampled independently in each replicate.
    ///
    /// - Precondition: `percent` in [0, 100) (the maximum has no bootstrap
    ///   interval worth the name); both arrays ascending, without NaN.
    ///
    /// ```swift
    /// let ci = QuantileBootstrap(seed: 7).difference(a: a.sorted(), b: b.sorted(), percent: 50)
    /// ```
    package func difference(a sortedA: [Double], b sortedB: [Double], percent: Double) -> Result<BootstrapInterval, InsufficientData> {
        let needed = Self.minimumSampleSize(percent: percent, confidence: confidence)
        for (label, sample) in [("A", sortedA), ("B", sortedB)] where sample.count < needed {
            return .failure(InsufficientData(
                needed: needed, available: sample.count,
                reason: "need at least \(needed) values in group \(label) (have \(sample.count)) "
                    + "for a \(Self.percentLabel(confidence))% interval of p\(Self.percentLabel(percent / 100))"))
        }
        assertSorted(sortedA)
        assertSorted(sortedB)
        let estimate = Percentile.of(sorted: sortedB, percent: percent)! - Percentile.of(sorted: sortedA, percent: percent)!
        return .success(BootstrapInterval.ofDifference(
            estimate: estimate, a: ResampledPercentile(sorted: sortedA, percent: percent),
            b: ResampledPercentile(sorted: sortedB, percent: percent),
            seed: seed, replicates: replicates, confidence: confidence))
    }

    /// Interval for percentile `percent` of one sample sorted ascending.
    ///
    /// Used for the median of paired differences.
    ///
    /// - Precondition: `percent` in [0, 100); `sorted` ascending, without NaN.
    ///
    /// ```swift
    /// let d = zip(a, b).map { $1 - $0 }.sorted()
    /// let ci = QuantileBootstrap(seed: 7).interval(sorted: d, percent: 50)
    /// ```
    package func interval(sorted: [Double], percent: Double) -> Result<BootstrapInterval, InsufficientData> {
        let needed = Self.minimumSampleSize(percent: percent, confidence: confidence)
        guard sorted.count >= needed else {
            return .failure(InsufficientData(
                needed: needed, available: sorted.count,
                reason: "need at least \(needed) values (have \(sorted.count)) "
                    + "for a \(Self.percentLabel(confidence))% interval of p\(Self.percentLabel(percent / 100))"))
        }
        assertSorted(sorted)
        var values = replicateValues(sorted: sorted, percent: percent)
        return .success(BootstrapInterval.percentileMethod(
            estimate: Percentile.of(sorted: sorted, percent: percent)!, replicates: &values, confidence: confidence))
    }

    /// The bootstrap replicates of percentile `percent` of one sample, unsorted.
    ///
    /// Exposed to the tests, which compare them with brute-force resampling.
    func replicateValues(sorted: [Double], percent: Double) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        let resample = ResampledPercentile(sorted: sorted, percent: percent)
        return (0..<replicates).map { _ in resample.draw(using: &generator) }
    }

    private func assertSorted(_ values: [Double]) {
        assert(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "values must be sorted ascending")
    }

    /// "95", "99.9": a fraction as a percentage without a needless ".0".
    private static func percentLabel(_ fraction: Double) -> String {
        let percent = (fraction * 1000).rounded() / 10
        return percent == percent.rounded() ? String(Int(percent)) : String(percent)
    }
}

/// Draws the bootstrap distribution of one percentile of one sorted sample.
private struct ResampledPercentile: BootstrapSampler {
    let sorted: [Double]
    /// 1-based rank k of the lower order statistic, and the interpolation weight.
    let k: Int
    let weight: Double

    init(sorted: [Double], percent: Double) {
        self.sorted = sorted
        let position = percent / 100 * Double(sorted.count - 1)
        let lower = Int(position)
        k = lower + 1
        weight = position - Double(lower)
    }

    /// One replicate: X*₍ₖ₎ + weight·(X*₍ₖ₊₁₎ − X*₍ₖ₎) from the uniform order statistics.
    func draw(using generator: inout SeededGenerator) -> Double {
        let n = sorted.count
        let uk = generator.nextBeta(Double(k), Double(n + 1 - k))
        let low = value(atUniform: uk)
        guard weight > 0, k < n else { return low }
        // 1 − V^(1/(n−k)) via expm1 keeps precision when n − k is large.
        let gap = -expm1(log(generator.nextOpenUniform()) / Double(n - k))
        let high = value(atUniform: uk + (1 - uk) * gap)
        return low + (high - low) * weight
    }

    /// x₍⌈n·u⌉₎, clamped to valid ranks against rounding at 0 and 1.
    private func value(atUniform u: Double) -> Double {
        let n = sorted.count
        let rank = min(max(Int((Double(n) * u).rounded(.up)), 1), n)
        return sorted[rank - 1]
    }
}
