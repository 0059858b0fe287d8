import Foundation
import SeededRandom
import Testing
@testable import GestureAnalysis

/// The session-level comparison against independent references:
/// `python3 Tests/Reference/session_comparison.py` (scipy for the tests, the
/// ICC formula by hand in numpy, the exact sessions-only bootstrap in numpy with scipy's t quantile)
/// run on the cases of Tests/Fixtures/session-cases.json
/// (`python3 Tests/Reference/session_comparison.py --data`).
@Suite struct SessionComparisonTests {
    static func cases() throws -> [String: (a: SessionGroup, b: SessionGroup, paired: SessionGroup?)] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fixtures/session-cases.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: [String: Any]]
        func group(_ value: Any?) -> SessionGroup? {
            guard let sessions = value as? [[Double]] else { return nil }
            return SessionGroup(sessions: sessions.enumerated().map { (Int64($0.offset + 1), $0.element) })
        }
        return object.mapValues { (group($0["a"])!, group($0["b"])!, group($0["paired"])) }
    }

    private func close(_ value: Double?, _ expected: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let value else { return false }
        return abs(value - expected) <= tolerance * max(1, abs(expected))
    }

    /// Four sessions a side whose device and person shift latency by tens
    /// of milliseconds, and no variant effect: pooled, the touches look
    /// wildly significant; by session, nothing is.
    @Test func clusteredSessionsWithoutAnEffect() throws {
        let data = try #require(try Self.cases()["clustered"])
        let comparison = Comparison(a: data.a, b: data.b, labels: ("a", "b"), options: .init(seed: 1))
        let level = comparison.sessionLevel
        // scipy.stats.mannwhitneyu(medians_a, medians_b, method="auto") → U = 6, p = 0.6857142857142857 (exact)
        let test = try level.test.get()
        #expect(test.u == 6 && test.method == .exact)
        #expect(close(test.p, 0.6857142857142857))
        #expect(close(test.smallestPossibleP, 2.0 / 70))
        // pooled: scipy asymptotic U = 139269.5, p = 1.1567974570845928e-11
        let pooled = try comparison.mannWhitney.get()
        #expect(pooled.u == 139269.5)
        #expect(close(pooled.p, 1.1567974570845928e-11, 1e-6))
        // ICC by the formula: 0.9351650668629765; design effect 140.3395949625835; effective n 4.275343677313366
        #expect(close(level.clustering.icc, 0.9351650668629765))
        #expect(close(level.clustering.designEffects[0] ?? nil, 140.3395949625835))
        #expect(close(level.clustering.effectiveN[1] ?? nil, 4.275343677313366))
        #expect(comparison.verdict == .noDifference)
        #expect(comparison.a.sessions == 4 && comparison.b.sessions == 4)
        // sessions_t: the exact sessions-only bootstrap (all 4⁴ draws) and scipy's t quantile give
        // p50 [-39.79, +64.80], p90 [-37.67, +50.03]; each endpoint's Monte Carlo SE is at most 2 % of the
        // width, so 8 % of it is 4 SEs.
        let p50 = try comparison.deltas[0].interval.get()
        let p90 = try comparison.deltas[1].interval.get()
        #expect(close(p50.estimate, 12.504500000000007))
        #expect(Self.near(p50, -39.78654358151145, 64.79554358151147))
        #expect(Self.near(p90, -37.67128828417187, 50.03228828417186))
        // The touch unit, for contrast, is "significant".
        let touch = Comparison(a: data.a, b: data.b, labels: ("a", "b"), options: .init(seed: 1, unit: .touch))
        #expect(touch.verdict == .slower)
    }

    /// Unequal session sizes, a real +30 ms effect in B.
    @Test func unequalSessionSizesWithAnEffect() throws {
        let data = try #require(try Self.cases()["unequal"])
        let comparison = Comparison(a: data.a, b: data.b, labels: ("a", "b"), options: .init(seed: 1))
        let level = comparison.sessionLevel
        // scipy: U = 0, p = 0.015873015873015872 (exact, 5 vs 4)
        let test = try level.test.get()
        #expect(test.u == 0 && close(test.p, 0.015873015873015872))
        #expect(close(level.clustering.icc, 0.6290277443123667))
        #expect(close(level.clustering.designEffects[0] ?? nil, 35.848137034905115))
        #expect(close(level.clustering.designEffects[1] ?? nil, 33.08041495993071))
        #expect(close(level.clustering.effectiveN[0] ?? nil, 7.866517574551177))
        #expect(close(level.clustering.effectiveN[1] ?? nil, 6.287708308736272))
        #expect(comparison.verdict == .slower)
        // sessions_t (exact sessions-only bootstrap, 5⁵ and 4⁴ draws): p50 [17.56, 33.68], p90 [18.67, 33.09]
        let p50 = try comparison.deltas[0].interval.get()
        let p90 = try comparison.deltas[1].interval.get()
        #expect(Self.near(p50, 17.556440712306753, 33.68255928769325))
        #expect(Self.near(p90, 18.67064373297609, 33.09495626702392))
    }

    /// Both endpoints within 8 % of the reference width (4 Monte Carlo SEs at most).
    static func near(_ interval: BootstrapInterval, _ low: Double, _ high: Double) -> Bool {
        let tolerance = 0.08 * (high - low)
        return abs(interval.low - low) < tolerance && abs(interval.high - high) < tolerance
    }

    /// Paired channels: Wilcoxon on each session's median difference.
    @Test func pairedSessionsUseWilcoxonOnSessionMedians() throws {
        let data = try #require(try Self.cases()["paired"])
        let comparison = Comparison(a: data.a, b: data.b, labels: ("observer", "target-action"),
                                    options: .init(seed: 1), pairedDifferences: data.paired)
        let paired = try #require(comparison.paired)
        #expect(paired.sessionMedians == [751.5, 741.0, 757.0, 748.0, 751.5])
        // scipy.stats.wilcoxon(medians) → statistic 0, p 0.0625 (ties: permutation)
        let test = try #require(try paired.sessionWilcoxon?.get())
        #expect(test.statistic == 0 && close(test.p, 0.0625))
        #expect(close(test.smallestPossibleP, 0.0625))
        // Five sessions cannot reach 0.05: the verdict is ~ and the note says so.
        #expect(comparison.verdict == .noDifference)
        #expect(comparison.notes.contains { $0.hasPrefix("with 5 sessions, the smallest p the session-level test allows is 0.0625") })
    }

    @Test func oneSessionAGroupHasNoSessionLevelInference() throws {
        let a = SessionGroup(sessions: [(1, (0..<50).map { Double($0) })])
        let b = SessionGroup(sessions: [(2, (0..<50).map { Double($0) + 100 })])
        let comparison = Comparison(a: a, b: b, labels: ("a", "b"), options: .init(seed: 1))
        #expect(comparison.verdict == .noDifference)
        #expect(comparison.sessionLevel.clustering.icc == nil)
        #expect(comparison.notes.contains { $0.contains("there is no session-level inference") })
        #expect(throws: InsufficientData.self) { try comparison.deltas[0].interval.get() }
        // scipy.stats.mannwhitneyu([24.5], [124.5], method="auto") → U = 0, p = 1
        #expect(try comparison.sessionLevel.test.get().p == 1)
        let touch = Comparison(a: a, b: b, labels: ("a", "b"), options: .init(seed: 1, unit: .touch))
        #expect(touch.verdict == .slower)
    }

    /// Mann–Whitney on 3 vs 3 session medians cannot go below p = 0.1;
    /// Welch's t on the session mean logs can, and decides. scipy:
    /// mannwhitneyu([1.25, 2.25, 3.25], [40.25, 50.25, 60.25], method="auto")
    /// → U = 0, p = 0.1; ttest_ind(b_mean_logs, a_mean_logs, equal_var=False)
    /// → t = 10.359697435844769, df = 2.6583318577386983, p = 0.0031899283300907896.
    @Test func threeSessionsAGroupCanRejectByWelch() throws {
        let a = SessionGroup(sessions: [(1, [1, 1.5]), (2, [2, 2.5]), (3, [3, 3.5])])
        let b = SessionGroup(sessions: [(4, [40, 40.5]), (5, [50, 50.5]), (6, [60, 60.5])])
        let comparison = Comparison(a: a, b: b, labels: ("a", "b"), options: .init(seed: 1, replicates: 200))
        #expect(close(try comparison.sessionLevel.test.get().p, 0.1))
        let welch = try #require(try comparison.sessionLevel.welch?.get())
        #expect(close(welch.t, 10.359697435844769) && close(welch.degreesOfFreedom, 2.6583318577386983))
        #expect(close(welch.p, 0.0031899283300907896))
        #expect(comparison.verdict == .slower)
        #expect(!comparison.notes.contains { $0.contains("smallest p") })
    }

    /// When Mann–Whitney decides (a latency of 0 ms has no log) and 3 vs 3
    /// sessions cannot reach alpha, the note gives its floor.
    @Test func threeSessionsAGroupSayTheSmallestPWhenTheMediansDecide() throws {
        let a = SessionGroup(sessions: [(1, [0, 1.5, 2]), (2, [2, 2.5, 3]), (3, [3, 3.5, 4])])
        let b = SessionGroup(sessions: [(4, [40, 40.5, 41]), (5, [50, 50.5, 51]), (6, [60, 60.5, 61])])
        let comparison = Comparison(a: a, b: b, labels: ("a", "b"), options: .init(seed: 1, replicates: 200))
        #expect(comparison.sessionLevel.welch == nil)
        #expect(close(try comparison.sessionLevel.test.get().p, 0.1))
        #expect(comparison.verdict == .noDifference)
        #expect(comparison.notes.contains {
            $0.hasPrefix("with 3 vs 3 sessions, the smallest p the session-level test allows is 0.1: it cannot reach p < 0.05")
        })
    }

    /// Four sessions a group would do with distinct medians; tied ones hold
    /// the floor at 0.453 (the session medians 1, 1, 1, 1 against 1, 1, 1, 2;
    /// scipy: mannwhitneyu([1, 1, 1, 1], [1, 1, 1, 2], method="asymptotic")
    /// → p 0.4532547047537364, and no split of them does better). The note
    /// says so instead of asking for the 4 sessions a group already there.
    /// Each session holds a 0 ms latency, so that the medians decide.
    @Test func tiedSessionsSayWhatHoldsTheSmallestPUp() throws {
        let a = SessionGroup(sessions: (1...4).map { (Int64($0), [0.0, 1, 1]) })
        let b = SessionGroup(sessions: [(5, [0.0, 1, 1]), (6, [0.0, 1, 1]), (7, [0.0, 1, 1]), (8, [0.0, 2, 2])])
        let comparison = Comparison(a: a, b: b, labels: ("a", "b"), options: .init(seed: 1, replicates: 200))
        #expect(close(try comparison.sessionLevel.test.get().smallestPossibleP, 0.4532547047537364))
        #expect(comparison.notes.contains {
            $0 == "with 4 vs 4 sessions, the smallest p the session-level test allows is 0.453: it cannot reach p < 0.05; "
                + "record more sessions (these sizes could reach it with distinct values, but sessions tied at the "
                + "same value hold the smallest p up)"
        }, "\(comparison.notes)")
    }

    /// scipy.stats.mannwhitneyu(x, y, method="auto") on small groups.
    @Test func mannWhitneyAutoMatchesScipy() throws {
        // exact: mannwhitneyu([10,11,12,13],[20,21,22,23]) → U 0, p 0.02857142857142857
        let exact = try MannWhitney.auto([10, 11, 12, 13], [20, 21, 22, 23]).get()
        #expect(exact.u == 0 && exact.method == .exact && close(exact.p, 0.02857142857142857))
        // exact: mannwhitneyu([1.5, 7, 3.2], [2, 9, 4, 8.5, 10, 6]) → U 4, p 0.26190476190476186
        let mixed = try MannWhitney.auto([1.5, 7, 3.2], [2, 9, 4, 8.5, 10, 6]).get()
        #expect(mixed.u == 4 && close(mixed.p, 0.26190476190476186))
        // ties → asymptotic: mannwhitneyu([1, 2, 2], [2, 3, 4]) → U 1, p 0.16415972847851523
        let tied = try MannWhitney.auto([1, 2, 2], [2, 3, 4]).get()
        #expect(tied.method == .asymptotic && tied.u == 1 && close(tied.p, 0.16415972847851523))
        // 9 vs 9 → asymptotic
        let large = try MannWhitney.auto((1...9).map(Double.init), (10...18).map(Double.init)).get()
        #expect(large.method == .asymptotic)
        // 8 vs 20 without ties → exact: p = 2/C(28,8)
        let wide = try MannWhitney.auto((1...8).map(Double.init), (9...28).map(Double.init)).get()
        #expect(wide.method == .exact && close(wide.p, 2.0 / 3_108_105))
    }

    /// The fast two-stage bootstrap has the replicate distribution of the brute force.
    @Test func twoStageReplicatesMatchBruteForce() {
        let group = SessionGroup(sessions: [(1, [1, 2, 3, 4, 50]), (2, [10, 11, 12]), (3, [20, 21, 22, 23, 24, 25, 26]),
                                            (4, [5, 6])])
        for percent in [50.0, 90.0] {
            let fast = TwoStageBootstrap(seed: 3, replicates: 40_000).replicateValues(group, percent: percent).sorted()
            let brute = BruteForceTwoStage.replicates(group, percent: percent, count: 40_000, seed: 99)
            for q in [5.0, 25, 50, 75, 95] {
                let f = Percentile.of(sorted: fast, percent: q)!, b = Percentile.of(sorted: brute, percent: q)!
                #expect(abs(f - b) < 1.0, "p\(percent) replicate quantile \(q): fast \(f), brute force \(b)")
            }
            let meanF = fast.reduce(0, +) / Double(fast.count), meanB = brute.reduce(0, +) / Double(brute.count)
            #expect(abs(meanF - meanB) < 0.15, "p\(percent) replicate mean: fast \(meanF), brute force \(meanB)")
        }
    }

    @Test func twoStageIsDeterministicForASeed() throws {
        let data = try #require(try Self.cases()["unequal"])
        let first = TwoStageBootstrap(seed: 5).difference(a: data.a, b: data.b, percent: 95)
        let again = TwoStageBootstrap(seed: 5).difference(a: data.a, b: data.b, percent: 95)
        let other = TwoStageBootstrap(seed: 6).difference(a: data.a, b: data.b, percent: 95)
        #expect(try first.get() == again.get())
        #expect(try first.get() != other.get())
    }

    @Test func binomialVariatesHaveTheirMeanAndVariance() {
        var generator = SeededGenerator(seed: 4)
        for (n, p) in [(10, 0.3), (1000, 0.01), (100_000, 0.5), (37, 0.97)] {
            let draws = (0..<20_000).map { _ in Double(generator.nextBinomial(n, p)) }
            let mean = draws.reduce(0, +) / Double(draws.count)
            let variance = draws.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(draws.count - 1)
            let expected = Double(n) * p, expectedVariance = Double(n) * p * (1 - p)
            #expect(abs(mean - expected) < 5 * (expectedVariance / 20_000).squareRoot() + 1e-9)
            #expect(abs(variance / expectedVariance - 1) < 0.06)
        }
    }
}
