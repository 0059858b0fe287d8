/// How a group's bootstrap replicates become the variance of its statistic
/// in a session-level interval, with that variance's own Monte Carlo
/// variance.
enum GroupSpread {
    /// A mean-like statistic (a pooled rate): v = k/(k−1) · var(replicates),
    /// the factor restoring what a bootstrap of k units leaves out of the
    /// variance of their mean.
    case linear
    /// A pooled percentile, positive: v = √(k/(k−1)) · q̂² · var(log q*),
    /// with `estimates[group][statistic]` the group's q̂. Sessions scale
    /// latency (a slower device is slower at every percentile), so a few
    /// replicates that draw the slowest session again and again dominate
    /// the variance in milliseconds and count in proportion in logs. The
    /// half factor: the full one over-covers where sessions differ a lot
    /// (a percentile's replicates already spread wider than a mean's), none
    /// under-covers with 3 to 8 similar sessions (docs/latencies.md, "The
    /// intervals", and Tests/Reference/interval_choice.py). A group with a
    /// replicate or estimate at or below 0 has no log: its variance is
    /// taken as √(k/(k−1)) · var(replicates).
    case logarithmic(estimates: [[Double]])

    /// (v, the Monte Carlo variance of v) for one group's replicates of one statistic.
    func variance(of moments: ReplicateMoments, group: Int, statistic: Int, sessions: Int) -> (Double, Double) {
        let factor = Double(sessions) / Double(sessions - 1)
        switch self {
        case .linear:
            let (variance, uncertainty) = moments.varianceAndItsVariance
            return (factor * variance, factor * factor * uncertainty)
        case .logarithmic(let estimates):
            let half = factor.squareRoot()
            let estimate = estimates[group][statistic]
            guard estimate > 0, let (variance, uncertainty) = moments.logVarianceAndItsVariance else {
                let (variance, uncertainty) = moments.varianceAndItsVariance
                return (half * variance, half * half * uncertainty)
            }
            let squared = estimate * estimate
            return (half * squared * variance, half * half * squared * squared * uncertainty)
        }
    }
}
