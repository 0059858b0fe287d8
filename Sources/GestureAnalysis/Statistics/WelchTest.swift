import Foundation

/// Welch's two-sample t test (unequal variances), two-sided: the numbers of
/// `scipy.stats.ttest_ind(a, b, equal_var=False)` with t for B − A.
///
/// At session level it runs on each session's mean log latency
/// (``sessionMeanLogs(_:)``): sessions are the unit, the log makes a
/// latency's multiplicative spread additive, and a mean of tens of touches
/// is close to normal even when the touches are skewed.
///
/// ```swift
/// let test = try WelchTest.test([1.0, 2.0, 3.0], [4.0, 6.0, 9.0]).get()
/// test.t; test.degreesOfFreedom; test.p
/// ```
package struct WelchTest: Sendable, Equatable {
    /// (mean B − mean A) / √(s_A²/n_A + s_B²/n_B).
    package var t: Double
    package var degreesOfFreedom: Double
    package var p: Double

    /// The test's name in outputs.
    package static let name = "welch_t"

    /// Refused with fewer than 2 values a group, or when both groups have no spread.
    package static func test(_ a: [Double], _ b: [Double]) -> Result<WelchTest, InsufficientData> {
        guard a.count >= 2, b.count >= 2 else {
            return .failure(InsufficientData(needed: 2, available: min(a.count, b.count),
                                             reason: "need at least 2 sessions in each group (A has \(a.count), B has "
                                                 + "\(b.count)) for Welch's t test"))
        }
        let (meanA, varianceA) = meanAndVariance(a), (meanB, varianceB) = meanAndVariance(b)
        let shareA = varianceA / Double(a.count), shareB = varianceB / Double(b.count)
        let standardError = (shareA + shareB).squareRoot()
        guard standardError > 0 else {
            return .failure(InsufficientData(needed: 2, available: min(a.count, b.count),
                                             reason: "the sessions do not vary within either group: Welch's t test "
                                                 + "has no spread to weigh"))
        }
        let t = (meanB - meanA) / standardError
        let df = (shareA + shareB) * (shareA + shareB)
            / (shareA * shareA / Double(a.count - 1) + shareB * shareB / Double(b.count - 1))
        return .success(WelchTest(t: t, degreesOfFreedom: df, p: StudentT.twoSidedP(t, degreesOfFreedom: df)))
    }

    /// Each session's mean of log(latency); nil when a latency is 0 or
    /// negative (a log needs positive values).
    package static func sessionMeanLogs(_ group: SessionGroup) -> [Double]? {
        var means: [Double] = []
        for session in group.sessions {
            guard let first = session.sorted.first, first > 0 else { return nil }
            means.append(session.sorted.reduce(0) { $0 + log($1) } / Double(session.sorted.count))
        }
        return means
    }

    private static func meanAndVariance(_ values: [Double]) -> (Double, Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (mean, squares / Double(values.count - 1))
    }
}
