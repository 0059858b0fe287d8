import Foundation

extension MannWhitney {
    /// The Mann–Whitney test as `scipy.stats.mannwhitneyu(a, b, method="auto")`
    /// computes it (scipy 1.17): the exact null distribution of U when one
    /// group has at most 8 values and no value is tied, the asymptotic test
    /// otherwise.
    ///
    /// This is the test on per-session statistics (a handful of session
    /// medians a group), where the normal approximation is poor. The exact
    /// two-sided p is 2·P(U ≤ nA·nB − max(U_A, U_B)), capped at 1, from the
    /// counts of arrangements by U (the recursion
    /// c(m, n, u) = c(m − 1, n, u − n) + c(m, n − 1, u)); the smallest p the
    /// sizes allow is then 2 / C(nA + nB, nA).
    ///
    /// ```swift
    /// let r = try MannWhitney.auto([10, 11, 12, 13], [20, 21, 22, 23]).get()
    /// // u 0, p 0.02857142857142857 (= 2/70), method .exact
    /// ```
    package static func auto(_ a: [Double], _ b: [Double]) -> Result<MannWhitneyResult, InsufficientData> {
        let sortedA = a.sorted(), sortedB = b.sorted()
        let asymptotic = test(sortedA: sortedA, sortedB: sortedB)
        guard case .success(var result) = asymptotic else { return asymptotic }
        let hasTies = Set(sortedA + sortedB).count < sortedA.count + sortedB.count
        guard !(a.count > 8 && b.count > 8), !hasTies else { return asymptotic }
        result.method = .exact  // z stays the asymptotic one, for reference
        let counts = arrangementCounts(a.count, b.count)
        let total = counts.reduce(0, +)
        let uA = result.u, uB = Double(a.count * b.count) - result.u
        let lowTail = Int((Double(a.count * b.count) - max(uA, uB)).rounded())
        // scipy: pmf = counts / total, cdf = cumulative sum of the pmf.
        var cdf = 0.0
        for u in 0...lowTail { cdf += counts[u] / total }
        result.p = min(1, max(0, 2 * cdf))
        result.smallestPossibleP = min(1, 2 * counts[0] / total)
        return .success(result)
    }

    /// The number of ways to interleave m values of one group with n of the
    /// other such that U = u, for u = 0 … m·n (as doubles: exact up to 2⁵³,
    /// then rounded, as scipy's float fallback).
    static func arrangementCounts(_ m: Int, _ n: Int) -> [Double] {
        let small = min(m, n), large = max(m, n)
        // previous[i][u]: arrangements of i values of the small group among
        // j − 1 of the large one with U = u. Build up over j = 0 … large: c(i, j, u) = c(i − 1, j, u − j) + c(i, j − 1, u).
        var previous = (0...small).map { i in [Double](repeating: 0, count: i * large + 1) }
        for i in 0...small { previous[i][0] = 1 }  // j = 0: only U = 0
        for j in 1...max(large, 1) where large > 0 {
            var current = (0...small).map { i in [Double](repeating: 0, count: i * large + 1) }
            current[0][0] = 1
            for i in 1...max(small, 1) where small > 0 {
                for u in 0...(i * j) {
                    var value = previous[i][u]
                    if u >= j { value += current[i - 1][u - j] }
                    current[i][u] = value
                }
            }
            previous = current
        }
        return previous[small]
    }
}
