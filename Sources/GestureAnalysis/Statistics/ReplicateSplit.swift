/// How a session-level interval's width is split around its estimate: the
/// share below it, from how far the bootstrap's differences fall below and
/// above the estimate.
///
/// With a_r and b_r the r-th replicates of A's and B's statistic, d_r =
/// b_r − a_r and e the estimate, the lower and upper semideviations are
///
///     s₋ = √(mean over r of max(e − d_r, 0)²),   s₊ = √(mean of max(d_r − e, 0)²)
///
/// and the share below is s₋ / (s₋ + s₊): ½ when the replicates spread
/// evenly about the estimate. Why: a pooled p95 or p99 of a few sessions
/// that differ a lot is set by the slowest session drawn, so its
/// replicates reach far above the estimate and little below; an interval
/// placed evenly about it misses high (calibration: p95 covered 88–91 %
/// at ICC 0.9 with 5–20 sessions a group, and p99 77–87 %). Semideviations
/// are means of squares, so the finite number of replicates moves them
/// about as little as it moves the variance, where the bootstrap's 2.5th
/// and 97.5th percentiles would need several times the replicates.
///
/// ```swift
/// let split = ReplicateSplit(a: replicatesA, b: replicatesB, estimate: 4.2)
/// split.lowerShare        // 0.43: a little less of the width below 4.2
/// split.monteCarloError   // its standard error from the replicates drawn
/// ```
struct ReplicateSplit: Equatable {
    /// s₋ / (s₋ + s₊); ½ when no replicate differs from the estimate.
    var lowerShare: Double
    /// The standard error of `lowerShare` from the finite replicates (delta method).
    var monteCarloError: Double

    /// - Precondition: `a` and `b` hold the same number of replicates, at least 2.
    init(a: [Double], b: [Double], estimate: Double) {
        precondition(a.count == b.count && a.count >= 2, "paired replicates, at least two")
        let count = Double(a.count)
        var below = 0.0, above = 0.0, belowSquares = 0.0, aboveSquares = 0.0
        for index in a.indices {
            let deviation = b[index] - a[index] - estimate
            let square = deviation * deviation
            if deviation < 0 {
                below += square
                belowSquares += square * square
            } else {
                above += square
                aboveSquares += square * square
            }
        }
        let meanBelow = below / count, meanAbove = above / count
        let lower = meanBelow.squareRoot(), upper = meanAbove.squareRoot()
        guard lower + upper > 0 else {
            self.lowerShare = 0.5
            self.monteCarloError = 0
            return
        }
        lowerShare = lower / (lower + upper)
        guard lower > 0, upper > 0 else {
            monteCarloError = 0
            return
        }
        // Each replicate adds to one mean only, so the two means' covariance
        // is −meanBelow·meanAbove/R.
        let varianceBelow = max(0, belowSquares / count - meanBelow * meanBelow) / count
        let varianceAbove = max(0, aboveSquares / count - meanAbove * meanAbove) / count
        let covariance = -meanBelow * meanAbove / count
        let sum = (lower + upper) * (lower + upper)
        let slopeBelow = upper / sum / (2 * lower), slopeAbove = -lower / sum / (2 * upper)
        let variance = slopeBelow * slopeBelow * varianceBelow + slopeAbove * slopeAbove * varianceAbove
            + 2 * slopeBelow * slopeAbove * covariance
        monteCarloError = max(0, variance).squareRoot()
    }
}
