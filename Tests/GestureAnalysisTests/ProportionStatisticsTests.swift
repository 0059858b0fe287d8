import Testing
@testable import GestureAnalysis

/// Wilson, Newcombe and Fisher against statsmodels and scipy:
/// `python3 Tests/Reference/proportions.py` printed every expected value here.
@Suite struct ProportionStatisticsTests {
    // wilson K N LOW HIGH: statsmodels proportion_confint(K, N, method="wilson")
    static let wilsonCases: [(k: Int, n: Int, low: Double, high: Double)] = [
        (0, 10, 0.0, 0.27753279986288926),
        (10, 10, 0.7224672001371106, 1.0),
        (1, 1, 0.2065493143772374, 1.0),
        (0, 1, 0.0, 0.7934506856227627),
        (3, 7, 0.15821985525146964, 0.7495416354723428),
        (48, 50, 0.8653990931249297, 0.9889611156723802),
        (40, 50, 0.6696289406777458, 0.8875624998422389),
        (1, 2, 0.09453120573423068, 0.9054687942657693),
        (0, 200, 0.0, 0.01884532637726658),
        (997, 1000, 0.9912169859464969, 0.9989792161188614),
        (5, 12, 0.1932603136587565, 0.6804886874504502),
    ]

    @Test(arguments: wilsonCases)
    func wilsonMatchesStatsmodels(_ c: (k: Int, n: Int, low: Double, high: Double)) throws {
        let interval = try WilsonInterval(successes: c.k, trials: c.n)
        #expect(isClose(interval.lower, c.low, relative: 1e-12, absolute: 1e-15))
        #expect(isClose(interval.upper, c.high, relative: 1e-12, absolute: 1e-15))
        #expect(interval.rate == Double(c.k) / Double(c.n))
    }

    @Test func wilsonRefusesNoTrials() {
        #expect(throws: InsufficientData.self) { try WilsonInterval(successes: 0, trials: 0) }
    }

    @Test func normalQuantileMatchesScipy() {
        // scipy.stats.norm.ppf: 0.975 → 1.959963984540054, 0.995 → 2.5758293035489004,
        // 1e-10 → -6.361340902404056, 0.6 → 0.2533471031357997
        #expect(isClose(NormalDistribution.quantile(0.975), 1.959963984540054, relative: 1e-15))
        #expect(isClose(NormalDistribution.quantile(0.995), 2.5758293035489004, relative: 1e-15))
        #expect(isClose(NormalDistribution.quantile(1e-10), -6.361340902404056, relative: 1e-14))
        #expect(isClose(NormalDistribution.quantile(0.6), 0.2533471031357997, relative: 1e-14))
    }

    // newcombe KA NA KB NB DIFF LOW HIGH: B − A, statsmodels
    // confint_proportions_2indep(KB, NB, KA, NA, method="newcomb", compare="diff")
    static let newcombeCases: [(ka: Int, na: Int, kb: Int, nb: Int, difference: Double, low: Double, high: Double)] = [
        (40, 50, 48, 50, 0.15999999999999992, 0.031094907159539192, 0.2935490895880451),
        (0, 10, 10, 10, 1.0, 0.6075093504305241, 1.0),
        (10, 10, 0, 10, -1.0, -1.0, -0.6075093504305241),
        (0, 10, 0, 12, 0.0, -0.27753279986288926, 0.24249400665524096),
        (5, 5, 5, 5, 0.0, -0.43448246478317476, 0.43448246478317476),
        (3, 7, 9, 11, 0.3896103896103897, -0.046443167157007026, 0.6897891764665386),
        (1, 2, 0, 3, -0.5, -0.9054687942657693, 0.19259213090610794),
        (120, 400, 45, 380, -0.18157894736842106, -0.23635495634285653, -0.12539025313569227),
        (0, 1, 1, 1, 1.0, -0.12210872068194178, 1.0),
        (30, 33, 12, 15, -0.10909090909090902, -0.3678795207060947, 0.08519895504158115),
    ]

    @Test(arguments: newcombeCases)
    func newcombeMatchesStatsmodels(_ c: (ka: Int, na: Int, kb: Int, nb: Int, difference: Double, low: Double, high: Double)) throws {
        let interval = try NewcombeInterval(a: (c.ka, c.na), b: (c.kb, c.nb))
        #expect(isClose(interval.difference, c.difference, relative: 1e-12, absolute: 1e-15))
        #expect(isClose(interval.lower, c.low, relative: 1e-12, absolute: 1e-15))
        #expect(isClose(interval.upper, c.high, relative: 1e-12, absolute: 1e-15))
    }

    @Test func newcombeRefusesAnEmptyGroup() {
        #expect(throws: InsufficientData.self) { try NewcombeInterval(a: (0, 0), b: (3, 5)) }
        #expect(throws: InsufficientData.self) { try NewcombeInterval(a: (3, 5), b: (0, 0)) }
    }

    // fisher A B C D ODDS P: scipy.stats.fisher_exact([[A, B], [C, D]])
    static let fisherCases: [(table: [Int], oddsRatio: Double, p: Double)] = [
        ([8, 2, 1, 5], 20.0, 0.034965034965034975),
        ([40, 10, 48, 2], 0.16666666666666666, 0.02774625914817036),
        ([0, 10, 10, 0], 0.0, 1.082508822446903e-05),
        ([10, 0, 0, 10], .infinity, 1.082508822446903e-05),
        ([0, 5, 0, 7], .nan, 1.0),
        ([3, 0, 5, 0], .nan, 1.0),
        ([0, 0, 3, 4], .nan, 1.0),
        ([2, 3, 3, 2], 0.4444444444444444, 1.0),
        ([5, 5, 5, 5], 1.0, 1.0),
        ([1, 9, 11, 3], 0.030303030303030304, 0.0027594561852200836),
        ([0, 10, 3, 7], 0.0, 0.21052631578947367),
        ([7, 0, 4, 3], .infinity, 0.1923076923076923),
        ([120, 280, 45, 335], 3.1904761904761907, 5.085069059782564e-10),
        ([1, 1, 1, 2], 2.0, 1.0),
        ([3, 4, 4, 3], 0.5625, 1.0),
        ([500, 500, 520, 480], 0.9230769230769231, 0.3953996780940261),
        ([2, 7, 8, 2], 0.07142857142857142, 0.02301413756522116),
        ([0, 3, 1, 0], 0.0, 0.25),
        ([6, 0, 0, 1], .infinity, 0.14285714285714285),
        // Two modes with the observed table at the lower one; mirror images of equal groups; large n.
        ([0, 1, 5, 4], 0.0, 1.0),
        ([7, 6, 4, 2], 0.5833333333333334, 1.0),
        ([50, 50, 50, 50], 1.0, 1.0),
        ([30, 70, 70, 30], 0.1836734693877551, 2.310326429897527e-08),
        ([31, 69, 70, 30], 0.19254658385093168, 5.322362299520312e-08),
        ([400, 600, 620, 380], 0.40860215053763443, 7.921554250702679e-23),
    ]

    @Test(arguments: fisherCases)
    func fisherMatchesScipy(_ c: (table: [Int], oddsRatio: Double, p: Double)) {
        let test = FisherExactTest(table: [[c.table[0], c.table[1]], [c.table[2], c.table[3]]])
        if c.oddsRatio.isNaN {
            #expect(test.oddsRatio.isNaN)
        } else {
            #expect(test.oddsRatio == c.oddsRatio)
        }
        #expect(isClose(test.p, c.p, relative: 1e-10))
    }

    @Test func fisherTakesGroupsAsRows() {
        // [[k_A, n_A − k_A], [k_B, n_B − k_B]]: A = 40 of 50, B = 48 of 50
        let test = FisherExactTest(a: (successes: 40, trials: 50), b: (successes: 48, trials: 50))
        #expect(test.table == [[40, 10], [48, 2]])
        #expect(test.oddsRatio == 0.16666666666666666)
        #expect(isClose(test.p, 0.02774625914817036, relative: 1e-10))
    }

    @Test func rateBootstrapNeedsTwoSessionsAGroup() {
        let one = SessionProportions(sessions: [(1, 3, 10)])
        let two = SessionProportions(sessions: [(1, 3, 10), (2, 5, 10)])
        #expect(throws: InsufficientData.self) { try TwoStageBootstrap(seed: 1).rateDifference(a: one, b: two).get() }
        #expect(throws: InsufficientData.self) { try TwoStageBootstrap(seed: 1).rateDifference(a: two, b: one).get() }
        #expect(throws: Never.self) { try TwoStageBootstrap(seed: 1).rateDifference(a: two, b: two).get() }
    }

    /// Sessions of 0 of 10 and 20 of 20: the touch stage cannot change a
    /// session's rate, so a replicate is 0 (both draws the first session,
    /// probability 1/4), 1 (both the second, 1/4) or 20/30 (one of each, 1/2).
    @Test func rateReplicatesFollowTheTwoStageDistribution() {
        let group = SessionProportions(sessions: [(1, 0, 10), (2, 20, 20)])
        let replicates = TwoStageBootstrap(seed: 3).rateReplicates(group)
        let share = { (value: Double) in Double(replicates.filter { $0 == value }.count) / Double(replicates.count) }
        #expect(Set(replicates) == [0, 1, 20.0 / 30])
        #expect(abs(share(0) - 0.25) < 0.02 && abs(share(1) - 0.25) < 0.02 && abs(share(20.0 / 30) - 0.5) < 0.02)
    }

    /// One session of 3 of 10: the session stage always draws it, so a
    /// replicate is the touch stage alone, Binomial(10, 0.3)/10 (mean 0.3, variance 0.021).
    @Test func rateReplicatesResampleTouches() {
        let group = SessionProportions(sessions: [(1, 3, 10)])
        let replicates = TwoStageBootstrap(seed: 5).rateReplicates(group)
        let mean = replicates.reduce(0, +) / Double(replicates.count)
        let variance = replicates.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(replicates.count - 1)
        #expect(abs(mean - 0.3) < 0.005)
        #expect(abs(variance - 0.021) < 0.002)
    }
}
