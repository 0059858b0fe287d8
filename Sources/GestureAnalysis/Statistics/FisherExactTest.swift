import Foundation

/// Fisher's exact test of a 2×2 table, two-sided, with the sample odds
/// ratio: the numbers `scipy.stats.fisher_exact(table)` reports (scipy 1.17).
///
/// For proportions the table is one row per group, successes then failures:
/// `[[k_A, n_A − k_A], [k_B, n_B − k_B]]`, so the odds ratio is A's odds
/// over B's, (k_A·(n_B − k_B)) / ((n_A − k_A)·k_B).
///
/// **The p-value.** With the margins fixed, the top-left count x follows a
/// hypergeometric distribution; p sums the probabilities of every table at
/// most as likely as the observed one. "At most as likely" allows a relative
/// tolerance of 10⁻¹⁴, as scipy does, so that tables of mathematically equal
/// probability (the mirror image of the observed table when the groups are
/// the same size) count although rounding made them differ in the last bit;
/// when the observed table is the most likely one, p is 1. The
/// probabilities here come from log-factorials summed in a fixed order, so
/// mirror-image tables get bit-identical values and the tolerance is not
/// even needed for them.
///
/// **Odds ratio, as scipy.** NaN (and p = 1) when a row or a column of the
/// table is all zeros (a group without touches, or every touch of both groups
/// on one side); +∞ when k_B = 0 or n_A − k_A = 0 with the other two cells
/// allowing a ratio; 0 when k_A = 0 or n_B − k_B = 0 and the off-diagonal is
/// positive.
///
/// ```swift
/// let test = FisherExactTest(a: (successes: 40, trials: 50), b: (successes: 48, trials: 50))
/// test.oddsRatio   // 0.1666…
/// test.p           // 0.0915…
/// ```
package struct FisherExactTest: Sendable, Equatable {
    /// The table `[[a, b], [c, d]]` as scipy takes it.
    package var table: [[Int]]
    /// (a·d) / (b·c); NaN or +∞ as described above.
    package var oddsRatio: Double
    /// The two-sided p-value.
    package var p: Double

    /// B's odds over A's for a table of ``init(a:b:)``: (b·c) / (a·d), the
    /// reciprocal of ``oddsRatio``, in the direction of every other B − A
    /// figure; +∞ when only a·d is 0, NaN when both products are.
    package var oddsRatioBOverA: Double {
        let ad = Double(table[0][0]) * Double(table[1][1]), bc = Double(table[0][1]) * Double(table[1][0])
        if ad == 0 { return bc == 0 ? .nan : .infinity }
        return bc / ad
    }

    /// The relative tolerance within which a table counts as just as likely.
    static let relativeTolerance = 1e-14

    /// The test of group A against group B, each k successes of n trials.
    ///
    /// - Precondition: 0 ≤ successes ≤ trials in each group.
    package init(a: (successes: Int, trials: Int), b: (successes: Int, trials: Int)) {
        precondition(a.successes >= 0 && a.successes <= a.trials, "A's successes must lie in 0…trials")
        precondition(b.successes >= 0 && b.successes <= b.trials, "B's successes must lie in 0…trials")
        self.init(table: [[a.successes, a.trials - a.successes], [b.successes, b.trials - b.successes]])
    }

    /// The test of a 2×2 table of counts `[[a, b], [c, d]]`.
    ///
    /// - Precondition: two rows of two counts, none negative.
    ///
    /// ```swift
    /// FisherExactTest(table: [[8, 2], [1, 5]]).p   // 0.03496503496503495
    /// ```
    package init(table: [[Int]]) {
        precondition(table.count == 2 && table.allSatisfy { $0.count == 2 }, "Fisher's test takes a 2×2 table")
        precondition(table.joined().allSatisfy { $0 >= 0 }, "counts cannot be negative")
        self.table = table
        let a = table[0][0], b = table[0][1], c = table[1][0], d = table[1][1]
        if a + b == 0 || c + d == 0 || a + c == 0 || b + d == 0 {
            oddsRatio = .nan
            p = 1
            return
        }
        oddsRatio = c > 0 && b > 0 ? Double(a * d) / Double(c * b) : .infinity
        p = Self.twoSidedP(Hypergeometric(total: a + b + c + d, marked: a + b, drawn: a + c), observed: a)
    }

    /// Σ P(x) over every x no more likely than `observed` (within the tolerance).
    private static func twoSidedP(_ distribution: Hypergeometric, observed: Int) -> Double {
        let mode = distribution.mode
        let pExact = distribution.probability(observed)
        let pMode = distribution.probability(mode)
        if observed == mode || abs(pExact - pMode) / max(pExact, pMode) <= relativeTolerance
            || distribution.isTiedWithMode(observed) {
            return 1
        }
        let threshold = pExact * (1 + relativeTolerance)
        var sum = 0.0
        for x in distribution.support {
            let probability = x == observed ? pExact : distribution.probability(x)
            if probability <= threshold { sum += probability }
        }
        return min(sum, 1)
    }
}

/// The hypergeometric distribution of the number of marked items among
/// `drawn` of `total`, `marked` of which are marked (scipy's
/// `hypergeom(M=total, n=marked, N=drawn)`).
private struct Hypergeometric {
    let total: Int
    let marked: Int
    let drawn: Int
    /// log(marked!·(total − marked)!·drawn!·(total − drawn)!/total!), the part of every log P(x) that does not vary.
    private let logNumerator: Double

    init(total: Int, marked: Int, drawn: Int) {
        self.total = total
        self.marked = marked
        self.drawn = drawn
        logNumerator = Self.logFactorial(marked) + Self.logFactorial(total - marked) + Self.logFactorial(drawn)
            + Self.logFactorial(total - drawn) - Self.logFactorial(total)
    }

    /// The x with non-zero probability.
    var support: ClosedRange<Int> { max(0, drawn - (total - marked))...min(drawn, marked) }

    /// scipy's mode: ⌊(drawn + 1)(marked + 1)/(total + 2)⌋.
    var mode: Int { (drawn + 1) * (marked + 1) / (total + 2) }

    /// Whether P(x) equals P(mode) exactly: x is the other of two modes,
    /// P(mode − 1) = P(mode) when (drawn + 1)(marked + 1) is a multiple of total + 2.
    func isTiedWithMode(_ x: Int) -> Bool {
        x == mode - 1 && (drawn + 1) * (marked + 1) % (total + 2) == 0
    }

    /// P(X = x) = C(marked, x)·C(total − marked, drawn − x)/C(total, drawn).
    ///
    /// The four factorials that vary with x are summed smallest first, so a
    /// table and its mirror image (the same four numbers in another order)
    /// get the same bits.
    func probability(_ x: Int) -> Double {
        guard support.contains(x) else { return 0 }
        let varying = [x, marked - x, drawn - x, total - marked - drawn + x].sorted()
        let logDenominator = varying.reduce(0.0) { $0 + Self.logFactorial($1) }
        return exp(logNumerator - logDenominator)
    }

    static func logFactorial(_ n: Int) -> Double {
        lgamma(Double(n) + 1)
    }
}
