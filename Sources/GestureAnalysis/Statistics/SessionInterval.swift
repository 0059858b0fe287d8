import Foundation

/// A session-level interval for B − A, with what it was made of: the
/// bootstrap's standard error, the degrees of freedom, the t quantile, and
/// the Monte Carlo error the finite number of replicates leaves in it.
///
/// ```swift
/// let ci = SessionInterval(estimate: 4.2, varianceA: 1.1, varianceB: 2.3, sessions: (3, 4), confidence: 0.95)
/// ci.low; ci.high; ci.degreesOfFreedom
/// ```
package struct SessionInterval: Sendable, Equatable {
    package var estimate: Double
    package var low: Double
    package var high: Double
    /// √(v_A + v_B): the standard error of the estimate.
    package var standardError: Double
    /// Welch–Satterthwaite's ν (infinite when both variances are 0).
    package var degreesOfFreedom: Double
    /// t(ν, (1+c)/2).
    package var criticalValue: Double
    /// Replicates drawn for each group (0 when the interval was given its variances).
    package var replicates: Int = 0
    /// The larger endpoint's Monte Carlo standard error, as a share of the
    /// width (0 for a width of 0).
    package var monteCarloError: Double = 0

    /// The interval from each group's variance of its statistic (already
    /// scaled as ``GroupSpread`` says) and its number of sessions, as in
    /// ``SessionBootstrap``.
    ///
    /// - Precondition: each group has at least 2 sessions; variances are ≥ 0.
    package init(estimate: Double, varianceA: Double, varianceB: Double, sessions: (a: Int, b: Int),
                 confidence: Double) {
        precondition(sessions.a >= 2 && sessions.b >= 2, "need two sessions a group")
        precondition(varianceA >= 0 && varianceB >= 0, "variances are not negative")
        self.estimate = estimate
        let variance = varianceA + varianceB
        standardError = variance.squareRoot()
        let denominator = varianceA * varianceA / Double(sessions.a - 1) + varianceB * varianceB / Double(sessions.b - 1)
        degreesOfFreedom = denominator > 0 ? variance * variance / denominator : .infinity
        criticalValue = StudentT.quantile((1 + confidence) / 2, degreesOfFreedom: degreesOfFreedom)
        low = estimate - criticalValue * standardError
        high = estimate + criticalValue * standardError
    }

    /// The interval as every comparison carries it, with these facts attached.
    package var bootstrapInterval: BootstrapInterval {
        var interval = BootstrapInterval(estimate: estimate, low: low, high: high)
        interval.standardError = standardError
        interval.degreesOfFreedom = degreesOfFreedom
        interval.replicates = replicates
        interval.monteCarloError = monteCarloError
        return interval
    }
}

/// Running sums of one statistic's replicates: their variance, and how
/// uncertain that variance is.
struct ReplicateMoments {
    private(set) var values: [Double] = []

    mutating func append(contentsOf more: [Double]) { values += more }

    /// (var, the variance of that variance) with the R − 1 divisor; the
    /// second from the fourth central moment: (m₄ − s⁴)/R.
    var varianceAndItsVariance: (Double, Double) { Self.moments(values) }

    /// The same of the values' logarithms; nil when a value is 0 or less.
    var logVarianceAndItsVariance: (Double, Double)? {
        guard let smallest = values.min(), smallest > 0 else { return nil }
        // Equal values have equal logarithms, but their running mean need not
        // round to them: no spread is exactly no spread.
        guard smallest < values.max()! else { return (0, 0) }
        return Self.moments(values.map { log($0) })
    }

    private static func moments(_ values: [Double]) -> (Double, Double) {
        let count = Double(values.count)
        let mean = values.reduce(0, +) / count
        var second = 0.0, fourth = 0.0
        for value in values {
            let deviation = (value - mean) * (value - mean)
            second += deviation
            fourth += deviation * deviation
        }
        let variance = second / (count - 1)
        let m4 = fourth / count, m2 = second / count
        return (variance, max(0, m4 - m2 * m2) / count)
    }
}
