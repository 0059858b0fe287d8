import Foundation

/// The outcome of a two-sided Wilcoxon signed-rank test on paired differences.
///
/// ```swift
/// let r = try WilcoxonSignedRank.test(differences: d).get()
/// print(r.statistic, r.p, r.method.rawValue, r.n, r.zerosDropped)
/// ```
package struct WilcoxonResult: Sendable, Equatable {
    /// How the p-value was obtained (the rule scipy's `method="auto"` applies).
    package enum Method: String, Sendable, Equatable {
        /// The exact null distribution of W+ (no ties, no zeros, n ≤ 50).
        case exact
        /// Exact enumeration of all 2ⁿ sign flips of the observed differences
        /// (ties or zeros, n ≤ 13): scipy's `PermutationMethod`, deterministic
        /// because 2¹³ is below its 9 999 resamples.
        case permutation
        /// Normal approximation with tie correction, without continuity
        /// correction (scipy's default `correction=False`).
        case approximate
    }

    /// min(W+, W−), scipy's two-sided statistic.
    package var statistic: Double
    /// Two-sided p-value.
    package var p: Double
    /// How `p` was computed.
    package var method: Method
    /// Non-zero differences ranked (the n of the test).
    package var n: Int
    /// Zero differences dropped before ranking (scipy's `zero_method="wilcox"`).
    package var zerosDropped: Int
    /// W+: the sum of the ranks of the positive differences. Above n(n+1)/4,
    /// the differences lean positive (for B − A latencies: B slower).
    package var rankSumPositive: Double
    /// (W+ − n(n+1)/4)/σ for ``Method/approximate`` (signed, unlike scipy's
    /// −|z|); nil otherwise.
    package var z: Double?
    /// The p of the most extreme signs (every difference positive, or every
    /// one negative) for these magnitudes: 2/2ⁿ for the exact and
    /// permutation methods. When it is not below alpha, no outcome could be significant.
    package var smallestPossibleP: Double = 0
}

/// Two-sided Wilcoxon signed-rank test, matching `scipy.stats.wilcoxon(d)` with its defaults.
///
/// scipy 1.17's defaults are `zero_method="wilcox"` (zeros dropped),
/// `correction=False`, `method="auto"`. "auto" means, with n the number of
/// differences *including* zeros:
/// 1. n > 50: normal approximation;
/// 2. otherwise, no tied |d| and no zeros: the exact null distribution;
/// 3. otherwise, n ≤ 13: a permutation test, which enumerates all 2ⁿ sign
///    flips exactly;
/// 4. otherwise: normal approximation.
///
/// This was checked against scipy calls (n = 10 with and without ties or a
/// zero, n = 13 and 14 with ties, n = 14 with a zero, n = 50 and 51 without
/// ties); the tests pin those cases. The exact distribution comes from
/// dynamic programming over rank sums (counts of subsets of {1…n} by sum),
/// the permutation distribution from the same recursion over doubled
/// midranks; both are exact integer counts.
///
/// **Too few values.** Fewer than ``minimumNonzeroDifferences`` (6) non-zero
/// differences are refused: the smallest two-sided p attainable with m of
/// them is 2/2ᵐ, which is 0.0625 for m = 5 and 0.031 for m = 6, so with five
/// or fewer no difference could be significant at α = 0.05.
///
/// ```swift
/// let d: [Double] = [1.5, -2.25, 3.0, 4.5, -0.75, 6.0, 7.25, 8.5, -9.0, 10.75]
/// let r = try WilcoxonSignedRank.test(differences: d).get()
/// // statistic 13, p 0.16015625, method .exact, n 10, zerosDropped 0
/// ```
package enum WilcoxonSignedRank {
    /// Fewest non-zero differences accepted.
    package static let minimumNonzeroDifferences = 6

    /// Tests whether the differences are symmetric about zero.
    ///
    /// - Precondition: no difference is NaN.
    ///
    /// ```swift
    /// let d = zip(a, b).map { $1 - $0 }   // B − A per touch
    /// let p = try WilcoxonSignedRank.test(differences: d).get().p
    /// ```
    /// - Parameter minimumNonzero: the fewest non-zero differences accepted;
    ///   the session-level test passes 1 and reports ``WilcoxonResult/smallestPossibleP``
    ///   instead of refusing a handful of sessions.
    package static func test(differences: [Double],
                             minimumNonzero: Int = minimumNonzeroDifferences) -> Result<WilcoxonResult, InsufficientData> {
        precondition(!differences.contains(where: \.isNaN), "NaN cannot be ranked")
        let nonzero = differences.filter { $0 != 0 }
        let zeros = differences.count - nonzero.count
        let m = nonzero.count
        guard m >= max(minimumNonzero, 1) else {
            let minimumNonzeroDifferences = max(minimumNonzero, 1)
            return .failure(InsufficientData(
                needed: minimumNonzeroDifferences,
                available: m,
                reason: "need at least \(minimumNonzeroDifferences) non-zero differences (have \(m)"
                    + (zeros > 0 ? ", \(zeros) zero differences dropped" : "")
                    + ") to detect a difference at alpha 0.05"))
        }

        let ranked = SignedRanks(nonzero)
        let rMinus = Double(m) * Double(m + 1) / 2 - ranked.rankSumPositive

        let method: WilcoxonResult.Method
        if differences.count > 50 {
            method = .approximate
        } else if !ranked.hasTies && zeros == 0 {
            method = .exact
        } else if differences.count <= 13 {
            method = .permutation
        } else {
            method = .approximate
        }

        var z: Double?
        let p: Double
        let smallest: Double
        switch method {
        case .exact, .permutation:
            smallest = min(1, 2 / pow(2, Double(m)))
        case .approximate:
            let mean = Double(m) * Double(m + 1) / 4
            let variance = (Double(m) * Double(m + 1) * Double(2 * m + 1) - ranked.tieTerm / 2) / 24
            smallest = NormalDistribution.twoSidedP((Double(m) * Double(m + 1) / 2 - mean) / variance.squareRoot())
        }
        switch method {
        case .exact:
            p = exactP(rankSumPositive: Int(ranked.rankSumPositive), n: m)
        case .permutation:
            p = permutationP(doubledRanks: ranked.doubledRanks,
                             doubledRankSumPositive: Int(2 * ranked.rankSumPositive))
        case .approximate:
            let mean = Double(m) * Double(m + 1) / 4
            let variance = (Double(m) * Double(m + 1) * Double(2 * m + 1) - ranked.tieTerm / 2) / 24
            let standardized = (ranked.rankSumPositive - mean) / variance.squareRoot()
            z = standardized
            p = NormalDistribution.twoSidedP(standardized)
        }
        return .success(WilcoxonResult(
            statistic: min(ranked.rankSumPositive, rMinus),
            p: p, method: method, n: m, zerosDropped: zeros,
            rankSumPositive: ranked.rankSumPositive, z: z, smallestPossibleP: smallest))
    }

    /// Two-sided exact p: 2·min(P(W+ ≥ w), P(W+ ≤ w)) under the null, capped at 1.
    private static func exactP(rankSumPositive w: Int, n: Int) -> Double {
        // counts[s] = number of subsets of {1…n} whose sum is s; ≤ 2⁵⁰ for n ≤ 50.
        let maxSum = n * (n + 1) / 2
        var counts = [UInt64](repeating: 0, count: maxSum + 1)
        counts[0] = 1
        for rank in 1...n {
            for sum in stride(from: rank * (rank + 1) / 2, through: rank, by: -1) {
                counts[sum] &+= counts[sum - rank]
            }
        }
        return twoSidedP(counts: counts, observed: w, total: pow(2, Double(n)))
    }

    /// Two-sided permutation p over all sign flips, weights being doubled midranks.
    private static func permutationP(doubledRanks: [Int], doubledRankSumPositive w: Int) -> Double {
        let maxSum = doubledRanks.reduce(0, +)
        var counts = [UInt64](repeating: 0, count: maxSum + 1)
        counts[0] = 1
        var reachable = 0
        for weight in doubledRanks {
            reachable += weight
            for sum in stride(from: reachable, through: weight, by: -1) {
                counts[sum] &+= counts[sum - weight]
            }
        }
        // scipy enumerates zeros too; each doubles every count, which cancels.
        return twoSidedP(counts: counts, observed: w, total: pow(2, Double(doubledRanks.count)))
    }

    private static func twoSidedP(counts: [UInt64], observed: Int, total: Double) -> Double {
        let atMost = counts[...observed].reduce(0, &+)
        let atLeast = counts[observed...].reduce(0, &+)
        return min(1, 2 * Double(min(atMost, atLeast)) / total)
    }
}

/// Midranks of |d| for non-zero differences, with what the test needs from them.
private struct SignedRanks {
    var rankSumPositive = 0.0
    /// 2 × midrank of each difference (midranks are multiples of ½).
    var doubledRanks: [Int] = []
    /// Σ(t³ − t) over groups of tied |d|.
    var tieTerm = 0.0
    var hasTies = false

    init(_ nonzero: [Double]) {
        let byMagnitude = nonzero.sorted { abs($0) < abs($1) }
        doubledRanks.reserveCapacity(byMagnitude.count)
        var start = 0
        while start < byMagnitude.count {
            let magnitude = abs(byMagnitude[start])
            var end = start + 1
            while end < byMagnitude.count, abs(byMagnitude[end]) == magnitude { end += 1 }
            let size = end - start
            // Ranks start+1 … end; their mean, doubled, is start + end + 1.
            let doubled = start + end + 1
            let positives = byMagnitude[start..<end].count { $0 > 0 }
            rankSumPositive += Double(positives) * Double(doubled) / 2
            doubledRanks.append(contentsOf: repeatElement(doubled, count: size))
            if size > 1 {
                hasTies = true
                tieTerm += Double(size) * Double(size) * Double(size) - Double(size)
            }
            start = end
        }
    }
}
