import Foundation
import Testing
@testable import GestureAnalysis

/// Latencies equal in nanoseconds stay equal through a difference or a
/// midpoint, so the rank tests see the ties SciPy sees in the exact values.
@Suite struct TiedLatenciesTests {
    @Test func differencesAndMidpointsOfEqualNanosecondsAreTheSameDouble() {
        // As doubles of milliseconds, 10.2 − 10.1 = 0.09999999999999964 and
        // 20.4 − 20.3 = 0.10000000000000142.
        #expect(10.2 - 10.1 != 20.4 - 20.3)
        #expect(WholeNanoseconds.difference(10.2, minus: 10.1) == 0.1)
        #expect(WholeNanoseconds.difference(20.4, minus: 20.3) == 0.1)
        #expect(WholeNanoseconds.difference(3.0, minus: 3.3) == -0.3)
        #expect(WholeNanoseconds.difference(750, minus: 0.000001) == 749.999999)
        // Percentile's interpolation gives 10.149999999999999 for the first.
        #expect(Percentile.of(sorted: [10.1, 10.2], percent: 50) != Percentile.of(sorted: [10.0, 10.3], percent: 50))
        #expect(WholeNanoseconds.median(sorted: [10.1, 10.2]) == 10.15)
        #expect(WholeNanoseconds.median(sorted: [10.0, 10.3]) == 10.15)
        #expect(WholeNanoseconds.median(sorted: [1.000001, 1.000002]) == 1.0000015)
        #expect(WholeNanoseconds.median(sorted: [12, 15, 11].sorted()) == 12)
        #expect(WholeNanoseconds.median(sorted: [-2.5, 4]) == 0.75)
    }

    /// One session, eight touches heard by both channels, whose differences
    /// are ±0.1, ±0.2, ±0.3, 0.4 ms with ties.
    @Test func pairedChannelsKeepTheirTies() throws {
        let observer = [10.1, 20.3, 5.7, 7.9, 12.6, 3.3, 9.4, 15.2]
        let targetAction = [10.2, 20.4, 5.5, 8.1, 12.9, 3.0, 9.8, 15.6]
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: ComparisonCapture.channels(observer: observer, targetAction: targetAction),
                                  name: "channels.jsonl")
        var request = Comparer.Request(selection: ComparisonSelection(by: "via", event: "began"))
        request.options.unit = .touch
        let run = try fixture.database.connection.read { try Comparer.run(request, in: $0) }
        let paired = try #require(run.comparisons.first?.paired)
        #expect(paired.differences == [-0.3, -0.2, 0.1, 0.1, 0.2, 0.3, 0.4, 0.4])
        // scipy.stats.wilcoxon([.1, .1, -.2, .2, .3, -.3, .4, .4]) → W=9.0, p=0.2578125
        // (with the differences read as lag_ms the ties broke: p=0.2421875).
        let wilcoxon = try paired.wilcoxon.get()
        #expect(wilcoxon.statistic == 9)
        #expect(wilcoxon.p == 0.2578125)
        #expect(wilcoxon.method == .permutation)
        #expect(paired.sessionMedians == [0.15])
    }

    /// Two sessions' medians are both exactly 10.15 ms: a tie, so
    /// Mann–Whitney on the medians is asymptotic, not exact.
    @Test func sessionMediansKeepTheirTies() throws {
        let a = SessionGroup(sessions: [(1, [10.1, 10.2]), (2, [12, 13]), (3, [14, 15]), (4, [16, 17])])
        let b = SessionGroup(sessions: [(5, [10.0, 10.3]), (6, [20, 21]), (7, [22, 23]), (8, [24, 25])])
        let level = Comparison.SessionLevel(a: a, b: b)
        #expect(level.mediansA == [10.15, 12.5, 14.5, 16.5])
        #expect(level.mediansB == [10.15, 20.5, 22.5, 24.5])
        // scipy.stats.mannwhitneyu([10.15, 12.5, 14.5, 16.5], [10.15, 20.5, 22.5, 24.5], method="auto")
        // → U=3.5, p=0.24538345847336318 (asymptotic: a tie); untied it was exact, U=3, p=0.2.
        let test = try level.test.get()
        #expect(test.u == 3.5)
        #expect(abs(test.p - 0.24538345847336318) < 1e-12)
    }
}
