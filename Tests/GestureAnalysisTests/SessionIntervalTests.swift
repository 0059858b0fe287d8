import SeededRandom
import Testing
@testable import GestureAnalysis

/// The session-level interval (sessions-only bootstrap SE, t on Welch–
/// Satterthwaite df) and Welch's test against numpy/scipy:
/// `python3 Tests/Reference/session_intervals.py` printed every expected value here.
@Suite struct SessionIntervalTests {
    // t_ppf: scipy.stats.t.ppf(p, df)
    static let quantiles: [(p: Double, df: Double, t: Double)] = [
        (0.975, 2, 4.302652729749462), (0.975, 3.7, 2.8675207071911895), (0.975, 4, 2.7764451051977934),
        (0.975, 8.5, 2.282604893392452), (0.975, 30, 2.0422724563012378), (0.975, 1000, 1.9623390808264083),
        (0.995, 2.2, 8.534715279807727), (0.9, 1.5, 2.1963984175655376), (0.025, 6, -2.4469118511449794),
    ]

    @Test(arguments: quantiles)
    func tQuantileMatchesScipy(_ c: (p: Double, df: Double, t: Double)) {
        #expect(isClose(StudentT.quantile(c.p, degreesOfFreedom: c.df), c.t, relative: 1e-11))
    }

    // t_cdf: scipy.stats.t.cdf(x, df)
    static let cdfs: [(x: Double, df: Double, p: Double)] = [
        (2.0, 10, 0.9633059826146299), (-1.3, 3.5, 0.1362977079021851), (0.4, 1, 0.6211189415908434),
        (4.5, 2.5, 0.985052970495633), (-3.0, 60, 0.001963848666486312),
    ]

    @Test(arguments: cdfs)
    func tDistributionMatchesScipy(_ c: (x: Double, df: Double, p: Double)) {
        #expect(isClose(StudentT.cdf(c.x, degreesOfFreedom: c.df), c.p, relative: 1e-11))
    }

    @Test func welchMatchesScipy() throws {
        // scipy.stats.ttest_ind(b, a, equal_var=False)
        let test = try WelchTest.test([3.61, 3.95, 3.70, 4.02], [4.10, 3.88, 4.35, 4.52, 4.05]).get()
        #expect(isClose(test.t, 2.399644523437283, relative: 1e-12))
        #expect(isClose(test.degreesOfFreedom, 6.999952388853148, relative: 1e-12))
        #expect(isClose(test.p, 0.04749118552628978, relative: 1e-10))
    }

    @Test func welchOnSessionMeanLogs() throws {
        let a = SessionGroup(sessions: [(1, [20.0, 35.5, 41.0]), (2, [50.0, 62.5]), (3, [30.0, 33.0, 90.0, 31.0])])
        let b = SessionGroup(sessions: [(4, [44.0, 48.0]), (5, [70.0, 81.0, 66.0]), (6, [52.5, 49.0, 58.0])])
        let test = try WelchTest.test(WelchTest.sessionMeanLogs(a)!, WelchTest.sessionMeanLogs(b)!).get()
        #expect(isClose(test.t, 1.4067671081027933, relative: 1e-12))
        #expect(isClose(test.degreesOfFreedom, 3.75260270263405, relative: 1e-12))
        #expect(isClose(test.p, 0.236669390761663, relative: 1e-10))
        #expect(WelchTest.sessionMeanLogs(SessionGroup(sessions: [(1, [3.0, -0.5])])) == nil)
    }

    @Test func welchRefusesOneSessionOrNoSpread() {
        #expect(throws: InsufficientData.self) { try WelchTest.test([1.0], [2.0, 3.0]).get() }
        #expect(throws: InsufficientData.self) { try WelchTest.test([1.0, 1.0], [2.0, 2.0]).get() }
    }

    // interval: estimate ∓ t.ppf(0.975, ν)·√(vA + vB), ν Welch–Satterthwaite on k − 1 a group
    static let intervals: [(estimate: Double, va: Double, vb: Double, ka: Int, kb: Int, df: Double, low: Double, high: Double)] = [
        (4.2, 1.1, 2.3, 3, 4, 4.881069669247009, -0.5748673412649232, 8.974867341264924),
        (-0.8, 0.25, 0.25, 3, 3, 4.0, -2.763243161477557, 1.1632431614775571),
        (12.0, 9.0, 0.5, 20, 5, 20.863878326996197, 5.587652322491763, 18.412347677508237),
    ]

    @Test(arguments: intervals)
    func intervalFormulaMatchesScipy(_ c: (estimate: Double, va: Double, vb: Double, ka: Int, kb: Int, df: Double,
                                           low: Double, high: Double)) {
        let interval = SessionInterval(estimate: c.estimate, varianceA: c.va, varianceB: c.vb, sessions: (c.ka, c.kb),
                                       confidence: 0.95)
        #expect(isClose(interval.degreesOfFreedom, c.df, relative: 1e-12))
        #expect(isClose(interval.low, c.low, relative: 1e-11))
        #expect(isClose(interval.high, c.high, relative: 1e-11))
    }

    // resample: numpy.percentile(np.repeat(session i's values, counts[i])), p50, p90, p95, p99
    static let resamples: [(counts: [Int], percentiles: [Double])] = [
        ([1, 1, 1, 1], [17.25, 28.2, 29.099999999999998, 29.82]),
        ([2, 0, 1, 1], [14.5, 21.75, 23.349999999999998, 24.67]),
        ([0, 3, 0, 1], [28.0, 30.0, 30.0, 30.0]),
        ([0, 0, 0, 4], [9.0, 9.0, 9.0, 9.0]),
        ([4, 0, 0, 0], [13.5, 19.5, 19.5, 19.5]),
        ([1, 2, 0, 1], [19.5, 30.0, 30.0, 30.0]),
    ]

    @Test(arguments: resamples)
    func weightedPercentilesMatchNumpy(_ c: (counts: [Int], percentiles: [Double])) {
        let group = SessionGroup(sessions: [(1, [12.0, 15.0, 11.0, 19.5]), (2, [30.0, 28.0]), (3, [14.0, 22.0, 25.0]),
                                            (4, [9.0])])
        let sampler = SessionQuantileSampler(group: group)
        let drawn = c.counts.indices.filter { c.counts[$0] > 0 }
        var values = [Double](repeating: 0, count: 4)
        c.counts.withUnsafeBufferPointer { counts in
            drawn.withUnsafeBufferPointer { drawn in
                sampler.percentiles(fractions: [0.5, 0.9, 0.95, 0.99], counts: counts, drawn: drawn, into: &values)
            }
        }
        for (value, expected) in zip(values, c.percentiles) { #expect(isClose(value, expected, relative: 1e-12)) }
    }

    /// Many cuts' worth of values, so that the bisection over cuts and the walk
    /// after it both run: every percentile of a resample equals the one of the
    /// resample built value by value.
    @Test func weightedPercentilesOfManyValues() {
        var generator = SeededGenerator(seed: 9)
        var sessions: [(id: Int64, values: [Double])] = []
        for id in 0..<7 {
            var values: [Double] = []
            for _ in 0..<(150 + 40 * id) { values.append((generator.nextUniform() * 400).rounded() / 4) }
            sessions.append((Int64(id), values))
        }
        let group = SessionGroup(sessions: sessions)
        let sampler = SessionQuantileSampler(group: group)
        #expect(sampler.cuts.count == SessionQuantileSampler.maximumCuts)
        for trial in 0..<50 {
            var counts = [Int](repeating: 0, count: 7)
            for _ in 0..<7 { counts[Int(generator.nextUniform() * 7)] += 1 }
            let drawn = counts.indices.filter { counts[$0] > 0 }
            var resample: [Double] = []
            for (index, session) in group.sessions.enumerated() {
                for _ in 0..<counts[index] { resample += session.sorted }
            }
            resample.sort()
            let fractions = [0.0, 0.013, 0.5, 0.9, 0.95, 0.99, 1.0]
            var values = [Double](repeating: 0, count: fractions.count)
            counts.withUnsafeBufferPointer { counts in
                drawn.withUnsafeBufferPointer { drawn in
                    sampler.percentiles(fractions: fractions, counts: counts, drawn: drawn, into: &values)
                }
            }
            for (fraction, value) in zip(fractions, values) {
                #expect(isClose(value, Percentile.interpolated(resample, fraction: fraction)!, relative: 1e-12),
                        "trial \(trial) fraction \(fraction)")
            }
        }
    }

    /// The bootstrap's variance of A's p50 and p95 against the exact one (all
    /// 3³ session draws, numpy): on the log scale, √(k/(k−1)) · q̂² ·
    /// var(log q*); B's sessions are alike, so its variance is 0 and the
    /// standard error is A's alone.
    @Test(arguments: [(50.0, 18.0, 0.06788621629359799), (95.0, 29.2, 0.02102818779149544)])
    func bootstrapVarianceMatchesTheExactOne(_ c: (percent: Double, estimateA: Double, exactLogVariance: Double)) throws {
        let a = SessionGroup(sessions: [(1, [12.0, 15.0, 11.0]), (2, [30.0, 28.0]), (3, [14.0, 22.0, 25.0, 18.0])])
        let b = SessionGroup(sessions: [(4, [10.0, 20.0]), (5, [10.0, 20.0])])
        let interval = try SessionBootstrap(seed: 4, replicates: 40_000).differences(a: a, b: b, percents: [c.percent])[0].get()
        let expected = 1.5.squareRoot() * c.estimateA * c.estimateA * c.exactLogVariance
        #expect(abs(interval.standardError * interval.standardError - expected) < 0.04 * expected)
        #expect(interval.degreesOfFreedom == 2)
        #expect(isClose(interval.low, interval.estimate - StudentT.quantile(0.975, degreesOfFreedom: 2) * interval.standardError))
    }

    /// A group whose p50 is 0 in some draws has no logarithm: its variance
    /// is √(k/(k−1)) times the bootstrap's own (all 3³ draws, numpy: 6.5247).
    @Test func zeroLatencyTakesTheVarianceItself() throws {
        let a = SessionGroup(sessions: [(1, [0.0, 0.0, 1.0]), (2, [5.0, 6.0]), (3, [7.0, 9.0, 8.0])])
        let b = SessionGroup(sessions: [(4, [10.0, 20.0]), (5, [10.0, 20.0])])
        let interval = try SessionBootstrap(seed: 4, replicates: 40_000).differences(a: a, b: b, percents: [50])[0].get()
        let expected = 1.5.squareRoot() * 6.524691358024692
        #expect(abs(interval.standardError * interval.standardError - expected) < 0.04 * expected)
    }

    @Test func reproducibleForASeedAndAdaptive() throws {
        var generator = SeededGenerator(seed: 3)
        func group(_ base: Int64) -> SessionGroup {
            var sessions: [(id: Int64, values: [Double])] = []
            for id in 0..<4 {
                let level = 40 + 30 * generator.nextUniform()
                var values: [Double] = []
                for _ in 0..<60 { values.append(level * (0.5 + generator.nextUniform())) }
                sessions.append((base + Int64(id), values))
            }
            return SessionGroup(sessions: sessions)
        }
        let a = group(0), b = group(10)
        let first = SessionBootstrap(seed: 7).differences(a: a, b: b, percents: [50, 95])
        let again = SessionBootstrap(seed: 7).differences(a: a, b: b, percents: [50, 95])
        let other = SessionBootstrap(seed: 8).differences(a: a, b: b, percents: [50, 95])
        #expect(first == again)
        #expect(first != other)
        for result in first {
            let interval = try result.get()
            #expect(interval.monteCarloError <= SessionBootstrap.monteCarloTarget)
            #expect(interval.replicates >= 500)
            #expect(interval.low < interval.estimate && interval.estimate < interval.high)
        }
        let fixed = try SessionBootstrap(seed: 7, replicates: 64).differences(a: a, b: b, percents: [50])[0].get()
        #expect(fixed.replicates == 64)
    }

    @Test func refusesOneSession() {
        let one = SessionGroup(sessions: [(1, [1.0, 2.0, 3.0])])
        let two = SessionGroup(sessions: [(1, [1.0, 2.0]), (2, [3.0, 4.0])])
        let results = SessionBootstrap(seed: 1).differences(a: one, b: two, percents: [50])
        #expect(throws: InsufficientData.self) { try results[0].get() }
        let rates = SessionProportions(sessions: [(1, 3, 10)])
        #expect(throws: InsufficientData.self) {
            try SessionBootstrap(seed: 1).rateDifference(a: rates, b: rates).get()
        }
    }
}
