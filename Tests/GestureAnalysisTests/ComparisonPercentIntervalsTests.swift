import Testing
@testable import GestureAnalysis

/// `Comparison.percentIntervals`, drawn apart (as `Comparer` draws them
/// while it reads the paired differences), gives the comparison that
/// drawing them in `init` gives.
@Suite struct ComparisonPercentIntervalsTests {
    @Test(arguments: AnalysisUnit.allCases)
    func drawnApartEqualsDrawnInInit(unit: AnalysisUnit) throws {
        let data = try #require(try SessionComparisonTests.cases()["paired"])
        let options = Comparison.Options(seed: 3, unit: unit)
        let paired = try #require(data.paired)
        let inInit = Comparison(a: data.a, b: data.b, labels: ("a", "b"), options: options, pairedDifferences: paired)
        let drawn = Comparison.percentIntervals(a: data.a, b: data.b, options: options)
        let apart = Comparison(a: data.a, b: data.b, labels: ("a", "b"), options: options, pairedDifferences: paired,
                               percentIntervals: drawn)
        #expect(apart.deltas == inInit.deltas)
        #expect(apart.paired == inInit.paired)
        #expect(drawn == inInit.deltas.map(\.interval))
        // The intervals are drawn, not placeholders: p50's brackets its estimate. This case's sessions
        // are alike within each group, so a bootstrap of whole sessions has no spread: its interval is
        // the estimate, from replicates actually drawn.
        let p50 = try apart.deltas[0].interval.get()
        #expect(p50.low <= p50.estimate && p50.estimate <= p50.high)
        switch unit {
        case .touch: #expect(p50.low < p50.high)
        case .session: #expect(p50.low == p50.high && p50.standardError == 0 && (p50.replicates ?? 0) >= 500)
        }
    }

    @Test func backgroundValueHandsBackWhatItComputed() {
        let value = BackgroundValue { (1...1000).reduce(0, +) }
        #expect(value.wait() == 500_500)
        #expect(value.wait() == 500_500)
    }
}
