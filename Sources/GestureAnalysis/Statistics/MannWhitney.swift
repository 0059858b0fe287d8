/// The outcome of a two-sided Mann–Whitney U test of group A against group B.
///
/// ```swift
/// let r = try MannWhitney.test(a, b).get()
/// if r.p < 0.05 { print(r.probabilityAGreater > 0.5 ? "B is faster" : "B is slower") }
/// ```
package struct MannWhitneyResult: Sendable, Equatable {
    /// U for group A: the number of (a, b) pairs with a > b, ties counting ½
    /// (scipy's `statistic` for `x=a`).
    package var u: Double
    /// The standardised statistic behind `p`, as scipy computes it:
    /// (max(U_A, U_B) − nA·nB/2 − ½) / σ with the tie-corrected σ. It is ≥ 0
    /// unless the groups are within ½ of perfectly balanced; it carries no
    /// direction (see ``probabilityAGreater``). When every value is tied (σ = 0)
    /// it is reported as 0 rather than scipy's −∞.
    package var z: Double
    /// The two-sided p-value, 2·Φ(−z) capped at 1.
    package var p: Double
    /// Values in group A.
    package var nA: Int
    /// Values in group B.
    package var nB: Int
    /// The p of the most extreme split of these same values into groups of
    /// these sizes (every A below every B, or above). The tie correction
    /// depends only on the pooled values, so no split gives a smaller p. When
    /// it is not below alpha, no outcome of this test could be significant.
    package var smallestPossibleP: Double
    /// How `p` was computed: the normal approximation, or (for small
    /// groups without ties, under ``MannWhitney/auto(_:_:)``) the exact
    /// null distribution of U.
    package var method: MannWhitney.Method = .asymptotic

    /// U / (nA·nB): the chance that a random A value exceeds a random B value
    /// (ties count ½). Above 0.5, A tends to be larger — for latencies, B faster.
    package var probabilityAGreater: Double {
        u / (Double(nA) * Double(nB))
    }
}

/// Two-sided Mann–Whitney U test (Wilcoxon rank-sum) with the normal approximation.
///
/// The numbers are those of
/// `scipy.stats.mannwhitneyu(a, b, method="asymptotic")` (scipy 1.17,
/// default `use_continuity=True`): midranks for ties, σ² = nA·nB/12 ·
/// ((n+1) − Σ(t³−t)/(n(n−1))) over tie groups of size t, continuity correction
/// ½, p = 2·Φ(−z) capped at 1. It runs in O(n log n): both groups are sorted
/// and merged once to get rank sums and tie sizes, so a million values per
/// group takes a fraction of a second.
///
/// **Small groups.** The test runs whenever each group has a value, with
/// scipy's numbers: A = 1, 2, 3 against B = 10 … 22 gives p = 0.0106.
/// Whether the sizes could ever give a significant result is reported as
/// ``MannWhitneyResult/smallestPossibleP`` rather than guessed from a fixed
/// minimum: 3 distinct values against 3 can reach no lower than p = 0.081.
///
/// ```swift
/// let result = MannWhitney.test([12.1, 15.3, 9.8, 11.0], [16.2, 14.9, 18.3, 17.1])
/// // .success(MannWhitneyResult(u: 1.0, z: ..., p: 0.0606..., nA: 4, nB: 4))
/// ```
package enum MannWhitney {
    /// How a p-value was obtained.
    package enum Method: String, Sendable, Equatable {
        /// Normal approximation, tie-corrected, with continuity correction.
        case asymptotic
        /// The exact null distribution of U (no tie correction; used only
        /// without ties).
        case exact
    }

    /// Tests group A against group B; the inputs need not be sorted.
    ///
    /// - Precondition: no value is NaN.
    ///
    /// ```swift
    /// let p = try MannWhitney.test(latenciesA, latenciesB).get().p
    /// ```
    package static func test(_ a: [Double], _ b: [Double]) -> Result<MannWhitneyResult, InsufficientData> {
        test(sortedA: a.sorted(), sortedB: b.sorted())
    }

    /// Tests group A against group B given both already in ascending order.
    ///
    /// Saves the sort when the caller has sorted the groups for percentiles.
    ///
    /// ```swift
    /// let a = latenciesA.sorted(), b = latenciesB.sorted()
    /// let result = MannWhitney.test(sortedA: a, sortedB: b)
    /// ```
    package static func test(sortedA a: [Double], sortedB b: [Double]) -> Result<MannWhitneyResult, InsufficientData> {
        precondition(!a.contains(where: \.isNaN) && !b.contains(where: \.isNaN), "NaN cannot be ranked")
        assert(zip(a, a.dropFirst()).allSatisfy { $0 <= $1 }, "sortedA must be ascending")
        assert(zip(b, b.dropFirst()).allSatisfy { $0 <= $1 }, "sortedB must be ascending")

        guard !a.isEmpty, !b.isEmpty else {
            return .failure(InsufficientData(
                needed: 1, available: min(a.count, b.count),
                reason: "group \(a.isEmpty ? "A" : "B") has no values (A has \(a.count), B has \(b.count))"))
        }

        let ranks = rankSums(a, b)
        let nA = Double(a.count), nB = Double(b.count)
        let uA = ranks.rankSumA - nA * (nA + 1) / 2
        let (z, p) = standardised(uA: uA, nA: nA, nB: nB, tieTerm: ranks.tieTerm)
        // The pooled values split as far apart as they go: A the nA smallest,
        // or the nA largest. Tied values keep their shared midrank, so where
        // a tie straddles the split U cannot reach 0 (1, 1, 1 against 1, 1, 2
        // gives p = 0.505 however they are split). The tie term is the
        // pooled one for every split.
        let smallest = min(standardised(uA: ranks.lowestRankSum - nA * (nA + 1) / 2, nA: nA, nB: nB,
                                        tieTerm: ranks.tieTerm).p,
                           standardised(uA: ranks.highestRankSum - nA * (nA + 1) / 2, nA: nA, nB: nB,
                                        tieTerm: ranks.tieTerm).p)
        return .success(MannWhitneyResult(u: uA, z: z, p: p, nA: a.count, nB: b.count,
                                          smallestPossibleP: smallest))
    }

    /// z and the two-sided p of U_A, as scipy's asymptotic method computes them.
    private static func standardised(uA: Double, nA: Double, nB: Double,
                                     tieTerm: Double) -> (z: Double, p: Double) {
        let n = nA + nB
        let uB = nA * nB - uA
        let mean = nA * nB / 2
        // With one value in all, n(n − 1) is 0 and so is every tie term.
        let tieCorrection = n > 1 ? tieTerm / (n * (n - 1)) : 0
        let sigma = (nA * nB / 12 * ((n + 1) - tieCorrection)).squareRoot()
        guard sigma > 0 else {
            // Every value tied: no evidence either way (scipy: z = −∞, p = 1).
            return (0, 1)
        }
        let z = (max(uA, uB) - mean - 0.5) / sigma
        return (z, min(1, max(0, 2 * NormalDistribution.cdf(-z))))
    }

    /// Sum of A's midranks in the pooled sample, Σ(t³ − t) over tie groups,
    /// and the sums of the nA lowest and the nA highest midranks (the most
    /// extreme splits).
    ///
    /// Walks both sorted arrays together one distinct value at a time; a tie
    /// group of size t starting after `consumed` values has midrank
    /// consumed + (t + 1)/2. Midranks are multiples of ½, so the sums are exact.
    private static func rankSums(_ a: [Double], _ b: [Double])
        -> (rankSumA: Double, tieTerm: Double, lowestRankSum: Double, highestRankSum: Double) {
        var i = 0, j = 0, consumed = 0
        var rankSumA = 0.0, tieTerm = 0.0, lowestRankSum = 0.0, highestRankSum = 0.0
        let highFrom = b.count  // the first position of the nA highest
        while i < a.count || j < b.count {
            let value: Double
            if i == a.count {
                value = b[j]
            } else if j == b.count {
                value = a[i]
            } else {
                value = min(a[i], b[j])
            }
            let startA = i, startB = j
            while i < a.count, a[i] == value { i += 1 }
            while j < b.count, b[j] == value { j += 1 }
            let inA = i - startA
            let tieSize = Double(inA + j - startB)
            let midrank = Double(consumed) + (tieSize + 1) / 2
            rankSumA += Double(inA) * midrank
            tieTerm += tieSize * tieSize * tieSize - tieSize
            let end = consumed + inA + j - startB
            lowestRankSum += Double(max(0, min(end, a.count) - consumed)) * midrank
            highestRankSum += Double(max(0, end - max(consumed, highFrom))) * midrank
            consumed = end
        }
        return (rankSumA, tieTerm, lowestRankSum, highestRankSum)
    }
}
