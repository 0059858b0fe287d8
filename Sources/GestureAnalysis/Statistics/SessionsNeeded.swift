import Foundation

/// How many sessions a group Welch's t on session mean log latency needs to
/// detect a given change in typical latency, from the spread between the
/// sessions measured so far.
///
/// A change of r (0.10 for 10 % slower) moves every session's mean log
/// latency by δ = log(1 + r). With s the pooled standard deviation of the
/// session mean log latencies, k sessions a group give the test a
/// noncentrality of δ / (s·√(2/k)); the smallest k at which that reaches
/// t(1 − α/2, 2k − 2) + t(power, 2k − 2) is the answer (the usual
/// approximation to the noncentral t, within a session of
/// `statsmodels.stats.power.TTestIndPower().solve_power`; the calibration
/// study's measured power agrees, docs/latencies.md).
///
/// ```swift
/// SessionsNeeded.perGroup(change: 0.25, spread: 0.5, alpha: 0.05)   // 80
/// ```
package enum SessionsNeeded {
    /// The most sessions it searches; more is reported as "more than".
    package static let searchLimit = 1_000_000

    /// Sessions a group for `power` at two-sided `alpha`; nil when more
    /// than ``searchLimit`` would be needed, 2 when two already suffice.
    package static func perGroup(change: Double, spread: Double, alpha: Double, power: Double = 0.8) -> Int? {
        precondition(change > -1 && change != 0, "a change is a non-zero fraction above -1")
        let shift = abs(log1p(change))
        guard spread > 0 else { return 2 }
        func enough(_ k: Int) -> Bool {
            let degreesOfFreedom = Double(2 * k - 2)
            let noncentrality = shift / (spread * (2 / Double(k)).squareRoot())
            return noncentrality >= StudentT.quantile(1 - alpha / 2, degreesOfFreedom: degreesOfFreedom)
                + StudentT.quantile(power, degreesOfFreedom: degreesOfFreedom)
        }
        if enough(2) { return 2 }
        guard enough(searchLimit) else { return nil }
        // `enough` is monotone in k: bisect between a k too small and one large enough.
        var low = 2, high = searchLimit
        while high - low > 1 {
            let middle = (low + high) / 2
            if enough(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// The pooled standard deviation of two groups' values (each with two
    /// or more): √(((n_A − 1)·s_A² + (n_B − 1)·s_B²) / (n_A + n_B − 2)).
    package static func pooledSpread(_ a: [Double], _ b: [Double]) -> Double {
        func sumOfSquares(_ values: [Double]) -> Double {
            let mean = values.reduce(0, +) / Double(values.count)
            return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        }
        return ((sumOfSquares(a) + sumOfSquares(b)) / Double(a.count + b.count - 2)).squareRoot()
    }
}
