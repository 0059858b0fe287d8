import Foundation
import SeededRandom
import Testing
@testable import GestureAnalysis

/// Where a session-level interval sits about its estimate: the split of its
/// width by the bootstrap's semideviations, against numpy
/// (`python3 Tests/Reference/session_intervals.py` printed every expected
/// value here: "split", "skewed" and "exact_split").
@Suite struct ReplicateSplitTests {
    // split: lower semideviation of b − a − estimate over the sum of both, and the delta method's SE
    static let splits: [(a: [Double], b: [Double], estimate: Double, share: Double, error: Double)] = [
        ([10.0, 12.0, 11.0, 9.5, 10.5], [14.0, 30.0, 13.5, 12.0, 16.0], 3.0, 0.04434144997249689, 0.02541885377167054),
        ([1.0, 2.0, 3.0, 4.0], [3.0, 3.0, 5.0, 6.0], 1.0, 0, 0),
        ([0, 0, 0, 0, 0, 0], [-4.0, -1.0, 0.5, 2.0, 2.5, 9.0], 0.25, 0.3248764529955225, 0.14190757761283762),
    ]

    @Test(arguments: splits)
    func splitMatchesNumpy(_ c: (a: [Double], b: [Double], estimate: Double, share: Double, error: Double)) {
        let split = ReplicateSplit(a: c.a, b: c.b, estimate: c.estimate)
        #expect(isClose(split.lowerShare, c.share, relative: 1e-12))
        #expect(isClose(split.monteCarloError, c.error, relative: 1e-10))
    }

    @Test func evenSpreadSplitsInHalves() {
        let even = ReplicateSplit(a: [0, 0, 0, 0], b: [-2, -1, 1, 2], estimate: 0)
        #expect(even.lowerShare == 0.5)
        let none = ReplicateSplit(a: [1, 1, 1], b: [3, 3, 3], estimate: 2)
        #expect(none.lowerShare == 0.5 && none.monteCarloError == 0)
    }

    /// The Monte Carlo error it reports is the spread of the share over
    /// independent sets of replicates: 400 sets of 2,000 from a skewed
    /// difference (log-normal B, normal A).
    @Test func monteCarloErrorIsTheSpreadOverReplicateSets() {
        var generator = SeededGenerator(seed: 21)
        var shares: [Double] = [], errors: [Double] = []
        for _ in 0..<400 {
            var a: [Double] = [], b: [Double] = []
            for _ in 0..<2_000 {
                a.append(10 + generator.nextNormal())
                b.append(12 * exp(0.6 * generator.nextNormal()))
            }
            let split = ReplicateSplit(a: a, b: b, estimate: 2)
            shares.append(split.lowerShare)
            errors.append(split.monteCarloError)
        }
        let mean = shares.reduce(0, +) / 400
        let spread = (shares.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 399).squareRoot()
        let reported = errors.reduce(0, +) / 400
        // 400 sets measure a spread to about ±3.5 %.
        #expect(abs(reported / spread - 1) < 0.12, "reported \(reported), measured \(spread)")
        #expect(mean < 0.5, "a right-skewed difference puts less of the width below")
    }

    // skewed: estimate − share·2t·se, estimate + (1 − share)·2t·se, t on Welch–Satterthwaite df
    static let skewed: [(estimate: Double, va: Double, vb: Double, ka: Int, kb: Int, share: Double,
                         low: Double, high: Double)] = [
        (4.2, 1.1, 2.3, 3, 4, 0.3, 1.3350795952410466, 10.884814277770893),
        (-0.8, 0.25, 0.25, 3, 3, 0.85, -4.137513374511847, -0.21102705155673285),
    ]

    @Test(arguments: skewed)
    func skewedIntervalMatchesScipy(_ c: (estimate: Double, va: Double, vb: Double, ka: Int, kb: Int, share: Double,
                                          low: Double, high: Double)) {
        let interval = SessionInterval(estimate: c.estimate, varianceA: c.va, varianceB: c.vb,
                                       sessions: (c.ka, c.kb), confidence: 0.95, lowerShare: c.share)
        #expect(isClose(interval.low, c.low, relative: 1e-11))
        #expect(isClose(interval.high, c.high, relative: 1e-11))
    }

    /// Through the bootstrap: two groups of 3 sessions, B's third session
    /// far slower. The exact bootstrap (all 27 × 27 draws, numpy) puts
    /// 0.116 of p50's width below the estimate and 0.937 of p95's.
    @Test(arguments: [(50.0, 34.0, 0.11638123540977678), (95.0, 154.8, 0.9365072907707114)])
    func bootstrapSplitMatchesTheExactOne(_ c: (percent: Double, estimate: Double, share: Double)) throws {
        let a = SessionGroup(sessions: [(1, [12.0, 15.0, 11.0]), (2, [30.0, 28.0]), (3, [14.0, 22.0, 25.0, 18.0])])
        let b = SessionGroup(sessions: [(4, [40.0, 44.0, 38.0]), (5, [52.0, 47.0]), (6, [160.0, 175.0, 150.0, 190.0])])
        let interval = try SessionBootstrap(seed: 5, replicates: 40_000).differences(a: a, b: b, percents: [c.percent])[0]
            .get()
        #expect(isClose(interval.estimate, c.estimate, relative: 1e-12))
        #expect(abs(interval.lowerShare - c.share) < 0.01, "\(interval.lowerShare)")
        #expect(isClose(interval.high - interval.low, 2 * interval.criticalValue * interval.standardError))
    }
}
