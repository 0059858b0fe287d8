import Testing
@testable import GestureAnalysis

/// Each percentile's own mark, and the latency budget judged at its
/// percentile. Four sessions a group of forty touches each, 5 to 14.5 ms
/// (`SessionCapture.baseLatency`); numpy on the pooled values:
///
///     A:                                 p50 9.75, p90 13.55, p95 14.025, p99 14.5
///     tail (+60 ms on the touches ≥ 13 ms): p50 9.75, p90 73.55, p95 74.025, p99 74.5
///     median (+4 ms on those below 9 ms):   p50 11.25, p90 13.55, p95 14.025, p99 14.5
///
/// Every session holds the same values, so the session medians are 9.75
/// (A, tail) and 11.25 (median): scipy's `mannwhitneyu(a_medians,
/// tail_medians, method="auto")` gives p = 1.0, against the median shift
/// p = 0.0131.
@Suite struct BudgetMarkTests {
    static func group(_ latency: (Int, Int) -> Double) -> SessionGroup {
        SessionGroup(sessions: (0..<4).map { j in (Int64(j + 1), (0..<40).map { k in latency(j, k) }) })
    }

    static let base = group { SessionCapture.baseLatency(session: $0, touch: $1) }
    static let tail = group { j, k in
        let value = SessionCapture.baseLatency(session: j, touch: k)
        return value + (value >= 13 ? 60 : 0)
    }
    static let median = group { j, k in
        let value = SessionCapture.baseLatency(session: j, touch: k)
        return value + (value < 9 ? 4 : 0)
    }

    private func compare(_ b: SessionGroup) -> Comparison {
        Comparison(a: Self.base, b: b, labels: ("41", "42"), options: .init(seed: 1))
    }

    @Test func aTailRegressionIsMarkedInTheTailAndTripsAP95Budget() {
        let comparison = compare(Self.tail)
        #expect(comparison.a.percentiles == [9.75, 13.549999999999997, 14.024999999999991, 14.5])
        #expect(comparison.b.p50 == 9.75)
        #expect(isClose(comparison.b.p95, 74.02499999999999) && comparison.b.p99 == 74.5)
        #expect(comparison.deltas[2].mark == .slower && comparison.deltas[3].mark == .slower)
        #expect(comparison.deltas[0].mark == .noDifference)
        // The median test sees nothing (p = 1): the budget does not depend on it.
        #expect(isClose(try? comparison.sessionLevel.test.get().p, 1.0))
        #expect(comparison.verdict == .noDifference)
        #expect(comparison.exceedsBudget(percentLimit: 10, atPercent: 95))
        // +427.8 % at p95: a budget of 430 % is not exceeded.
        #expect(isClose(comparison.relativeChange(atPercent: 95), (74.02499999999999 - 14.024999999999991) / 14.024999999999991 * 100, relative: 1e-12))
        #expect(!comparison.exceedsBudget(percentLimit: 430, atPercent: 95))
        #expect(!comparison.exceedsBudget(percentLimit: 10, atPercent: 50))
    }

    @Test func aMedianShiftAloneDoesNotTripAP95Budget() {
        let comparison = compare(Self.median)
        // The headline says slower (p = 0.0131): the p95 budget still holds.
        #expect(comparison.verdict == .slower)
        #expect(comparison.b.percentiles == [11.25, 13.549999999999997, 14.024999999999991, 14.5])
        #expect(comparison.deltas[0].mark == .slower)
        #expect(comparison.deltas[2].estimate == 0 && comparison.deltas[2].mark == .noDifference)
        #expect(!comparison.exceedsBudget(percentLimit: 10, atPercent: 95))
        // +15.4 % at the median: a p50 budget of 10 % trips, one of 20 % does not.
        #expect(comparison.exceedsBudget(percentLimit: 10, atPercent: 50))
        #expect(!comparison.exceedsBudget(percentLimit: 20, atPercent: 50))
    }

    @Test(arguments: [
        (0.5, 1.5, Comparison.Verdict.slower), (-2.0, -0.1, .faster), (-0.1, 0.2, .noDifference),
        (0.0, 1.0, .noDifference), (-1.0, 0.0, .noDifference),
    ])
    func aMarkReadsItsOwnInterval(low: Double, high: Double, mark: Comparison.Verdict) {
        let delta = Comparison.Delta(percent: 95, estimate: (low + high) / 2,
                                     interval: .success(BootstrapInterval(estimate: (low + high) / 2, low: low, high: high)))
        #expect(delta.mark == mark)
    }

    @Test func noIntervalIsNoMark() {
        let delta = Comparison.Delta(percent: 99, estimate: 3, interval: .failure(InsufficientData(needed: 100, available: 3, reason: "x")))
        #expect(delta.mark == .noDifference)
    }
}
