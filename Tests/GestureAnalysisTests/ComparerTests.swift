import Foundation
import GRDB
import Testing
@testable import GestureAnalysis

@Suite struct ComparerTests {
    static let slowerA: [Double] = [12, 15, 11, 30, 14, 13, 16, 12, 18, 11]
    static let slowerB: [Double] = [25, 31, 22, 40, 28, 27, 26, 35, 24, 29, 33, 30]

    /// These captures hold one session a group, so they are compared with
    /// the touch as the unit (the pooled analysis); SessionComparisonTests
    /// covers the session unit.
    private func run(_ capture: String, _ request: Comparer.Request) throws -> Comparer.Run {
        try Self.run(capture, request)
    }

    /// Also the other suites' way to compare a capture of one session a group.
    static func run(_ capture: String, _ request: Comparer.Request) throws -> Comparer.Run {
        var request = request
        request.options.unit = .touch
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: capture, name: "groups.jsonl")
        return try fixture.database.connection.read { try Comparer.run(request, in: $0) }
    }

    private func close(_ value: Double?, _ expected: Double, tolerance: Double = 1e-9) -> Bool {
        guard let value else { return false }
        return abs(value - expected) <= tolerance * max(1, abs(expected))
    }

    @Test func matchesScipyAndNumpy() throws {
        let result = try run(ComparisonCapture.groups([("a", Self.slowerA), ("b", Self.slowerB)]),
                             .init(selection: ComparisonSelection(by: "mode")))
        let comparison = try #require(result.comparisons.first)
        #expect(result.choiceNote == "A = a (the first value), B = b")
        // scipy.stats.mannwhitneyu(a, b, method="asymptotic") → U=7.5, p=0.0005998410604971153
        let test = try comparison.mannWhitney.get()
        #expect(test.u == 7.5)
        #expect(close(test.p, 0.0005998410604971153))
        // numpy.percentile(a, [50, 90, 95, 99]) and the same for b
        #expect(comparison.a.percentiles.enumerated().allSatisfy { close($1, [13.5, 19.2, 24.6, 28.92][$0]) })
        #expect(comparison.b.percentiles.enumerated().allSatisfy { close($1, [28.5, 34.8, 37.25, 39.45][$0]) })
        #expect(close(comparison.deltas[0].estimate, 15.0))
        #expect(comparison.a.max == 30 && comparison.b.max == 40)
        #expect(comparison.verdict == .slower)
        // p50 and p90 have enough values for an interval; p95 needs 20, p99 100.
        let p50 = try comparison.deltas[0].interval.get()
        #expect(p50.low <= 15 && 15 <= p50.high)
        #expect(throws: InsufficientData.self) { try comparison.deltas[2].interval.get() }
        #expect(comparison.notes.contains { $0.hasPrefix("no interval for p99: need at least 100 values") })
    }

    @Test func bootstrapIsDeterministicForASeed() throws {
        let capture = ComparisonCapture.groups([("a", Self.slowerA), ("b", Self.slowerB)])
        let selection = ComparisonSelection(by: "mode")
        let first = try run(capture, .init(selection: selection, options: .init(seed: 7)))
        let again = try run(capture, .init(selection: selection, options: .init(seed: 7)))
        let other = try run(capture, .init(selection: selection, options: .init(seed: 8)))
        let interval = { (run: Comparer.Run) in try run.comparisons[0].deltas[0].interval.get() }
        #expect(try interval(first) == interval(again))
        #expect(try interval(first) != interval(other))
    }

    @Test func identicalGroupsShowNoDifference() throws {
        let result = try run(ComparisonCapture.groups([("a", Self.slowerA), ("b", Self.slowerA)]),
                             .init(selection: ComparisonSelection(by: "mode")))
        // scipy.stats.mannwhitneyu(a, a, method="asymptotic") → U=50.0, p=1.0
        let test = try result.comparisons[0].mannWhitney.get()
        #expect(test.u == 50 && test.p == 1)
        #expect(result.comparisons[0].verdict == .noDifference)
    }

    @Test func groupsTooSmallForSignificanceAreTestedAndSaidSo() throws {
        let result = try run(ComparisonCapture.groups([("a", [10, 11, 12]), ("b", [50, 51, 52])]),
                             .init(selection: ComparisonSelection(by: "mode")))
        let comparison = result.comparisons[0]
        #expect(comparison.verdict == .noDifference)
        // scipy: mannwhitneyu([10, 11, 12], [50, 51, 52], method="asymptotic") → U = 0, p = 0.08085559837005224
        let test = try comparison.mannWhitney.get()
        #expect(test.u == 0 && isClose(test.p, 0.08085559837005224))
        #expect(!comparison.canBeSignificant)
        #expect(comparison.notes.contains(
            "with n = 3 vs 3, no split of these values reaches p < 0.05 (the smallest p possible is 0.0809): "
                + "the test cannot show a difference; record more touches"))
        #expect(ComparisonReport.table(result).contains("~ too few values for a significant result: Mann–Whitney U = 0, p = 0.081"))
    }

    @Test func threeValuesCanBeSignificantlyFaster() throws {
        // scipy: mannwhitneyu([10…22], [1, 2, 3], method="asymptotic") → U = 39, p = 0.01058354713701517
        let result = try run(ComparisonCapture.groups([("a", (10...22).map(Double.init)), ("b", [1, 2, 3])]),
                             .init(selection: ComparisonSelection(by: "mode"), a: "a", b: "b"))
        let comparison = result.comparisons[0]
        #expect(try comparison.mannWhitney.get().u == 39)
        #expect(comparison.verdict == .faster)
        #expect(comparison.canBeSignificant)
    }

    @Test func baselineLookingValueBecomesA() throws {
        let result = try run(ComparisonCapture.groups([("bottom+right", Self.slowerA), ("none", Self.slowerB)]),
                             .init(selection: ComparisonSelection(by: "mode")))
        #expect(result.comparisons[0].a.label == "none")
        #expect(result.comparisons[0].verdict == .faster)
    }

    @Test func pairedChannelsOfTheSameTouches() throws {
        let observer = [1.0, 1.5, 0.5, 2.0, 1.0, 0.8, 1.2, 0.9]
        let targetAction = [751.0, 760.5, 748.5, 755.0, 752.0, 749.8, 757.2, 750.9]
        let result = try run(ComparisonCapture.channels(observer: observer, targetAction: targetAction),
                             .init(selection: ComparisonSelection(by: "via", event: "began")))
        let comparison = result.comparisons[0]
        #expect(comparison.a.label == "observer")
        let paired = try #require(comparison.paired)
        // numpy.median(ta - obs) → 750.5; scipy.stats.wilcoxon(ta - obs) → W=0.0, p=0.0078125
        #expect(paired.differences.count == 8)
        #expect(close(Percentile.of(sorted: paired.differences, percent: 50), 750.5))
        let wilcoxon = try paired.wilcoxon.get()
        #expect(wilcoxon.statistic == 0)
        #expect(close(wilcoxon.p, 0.0078125))
        // Two differences tie (750), so scipy's default takes the permutation method.
        #expect(wilcoxon.method == .permutation)
        // scipy.stats.mannwhitneyu(obs, ta, method="asymptotic") → U=0.0, p=0.000930972271575002
        #expect(close(try comparison.mannWhitney.get().p, 0.000930972271575002))
    }

    @Test func pairedChannelsWithARegionFilter() throws {
        // The paired query joins the relation to itself; a region filter is a
        // parenthesised OR, which must be qualified inside, not prefixed.
        let observer = [1.0, 1.5, 0.5, 2.0, 1.0, 0.8, 1.2, 0.9]
        let targetAction = [751.0, 760.5, 748.5, 755.0, 752.0, 749.8, 757.2, 750.9]
        let capture = ComparisonCapture.channels(observer: observer, targetAction: targetAction)
        for region in ["unknown", "bottom,unknown"] {
            let result = try run(capture, .init(selection: ComparisonSelection(by: "via", event: "began", region: region)))
            let paired = try #require(result.comparisons[0].paired)
            #expect(paired.differences.count == 8)
            #expect(close(Percentile.of(sorted: paired.differences, percent: 50), 750.5))
        }
    }

    @Test(arguments: ["botom", "bottom,lft", "Bottom"])
    func unknownRegionsAreNamedWithTheValidOnes(region: String) throws {
        let capture = ComparisonCapture.groups([("a", Self.slowerA), ("b", Self.slowerB)])
        let error = #expect(throws: QueryError.self) {
            try run(capture, .init(selection: ComparisonSelection(by: "mode", region: region)))
        }
        let wrong = region.split(separator: ",", omittingEmptySubsequences: false)
            .first { !ComparisonSelection.regionNames.contains(String($0)) } ?? ""
        #expect(error?.message == "unknown region '\(wrong)' in --region \(region); regions are "
            + "center, top, bottom, left, right, top-left, top-right, bottom-left, bottom-right, unknown")
    }

    @Test(arguments: ["", "bottom,", " , "])
    func emptyRegionNamesAreRefused(region: String) throws {
        let capture = ComparisonCapture.groups([("a", Self.slowerA), ("b", Self.slowerB)])
        let error = #expect(throws: QueryError.self) {
            try run(capture, .init(selection: ComparisonSelection(by: "mode", region: region)))
        }
        #expect(error?.message.hasPrefix("--region '\(region)' has an empty name; regions are center, top,") == true)
    }

    @Test func aGroupComparedWithItselfIsRefused() throws {
        let capture = ComparisonCapture.groups([("a", Self.slowerA), ("b", Self.slowerB)])
        let error = #expect(throws: QueryError.self) {
            try run(capture, .init(selection: ComparisonSelection(by: "mode"), a: "a", b: "a"))
        }
        #expect(error?.message == "--a and --b both name mode = a: a group compared with itself shows nothing. "
            + "Name two different values.")
    }

    @Test func jsonHasTheKeysOfSpecSection4() throws {
        let result = try run(ComparisonCapture.groups([("a", Self.slowerA), ("b", Self.slowerB)]),
                             .init(selection: ComparisonSelection(by: "mode")))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ComparisonReport.json(result).utf8)) as? [String: Any])
        for key in ["metric", "a", "b", "delta", "mann_whitney", "alpha", "verdict"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let group = try #require(object["a"] as? [String: Any])
        #expect(Set(group.keys) == ["label", "n", "p50_ms", "p90_ms", "p95_ms", "p99_ms", "max_ms"])
        let delta = try #require(object["delta"] as? [String: [String: Any]])
        #expect(Set(delta.keys) == ["p50_ms", "p90_ms", "p95_ms", "p99_ms"])
        #expect(Set(delta["p50_ms"]?.keys.map { $0 } ?? []) == ["estimate", "ci_low", "ci_high", "mark"])
        #expect(delta["p50_ms"]?["mark"] as? String == "slower" && delta["p95_ms"]?["mark"] as? String == "~")
        #expect(delta["p95_ms"]?["ci_low"] is NSNull)
        let test = try #require(object["mann_whitney"] as? [String: Any])
        #expect(test["u"] as? Double == 7.5)
        #expect(object["verdict"] as? String == "slower")
        #expect(object["metric"] as? String == "response")
        #expect(object["unit"] as? String == "touch")
        let sessions = try #require(object["sessions"] as? [String: Any])
        for key in ["a", "b", "test", "icc", "design_effect", "effective_n"] {
            #expect(sessions[key] != nil, "missing sessions.\(key)")
        }
        let sessionTest = try #require(sessions["test"] as? [String: Any])
        #expect(Set(["name", "u", "p"]).isSubset(of: sessionTest.keys))
        #expect(Set((sessions["design_effect"] as? [String: Any])?.keys.map { $0 } ?? []) == ["a", "b"])
        #expect(Set((sessions["effective_n"] as? [String: Any])?.keys.map { $0 } ?? []) == ["a", "b"])
    }

    /// The gate is judged at its own percentile: the row must be marked
    /// slower by its own interval, and exceed A by more than the budget.
    @Test func budgetGateNeedsSignificanceAndSize() throws {
        let result = try run(ComparisonCapture.groups([("a", Self.slowerA), ("b", Self.slowerB)]),
                             .init(selection: ComparisonSelection(by: "mode")))
        let comparison = result.comparisons[0]
        // p50: 28.5 against 13.5, +111.1 %, its interval above 0.
        #expect(comparison.deltas[0].mark == .slower)
        #expect(comparison.exceedsBudget(percentLimit: 10, atPercent: 50))
        #expect(!comparison.exceedsBudget(percentLimit: 120, atPercent: 50))
        // p95: 37.25 against 24.6, +51.4 %, but 10 values give p95 no
        // interval, so nothing says the tail is slower: no trip.
        #expect(comparison.deltas[2].mark == .noDifference)
        #expect(!comparison.exceedsBudget(percentLimit: 10, atPercent: 95))
        let reversed = try run(ComparisonCapture.groups([("a", Self.slowerB), ("b", Self.slowerA)]),
                               .init(selection: ComparisonSelection(by: "mode")))
        #expect(!reversed.comparisons[0].exceedsBudget(percentLimit: 0, atPercent: 50))
    }

    @Test func unknownKeyAndValueAreNamed() throws {
        let capture = ComparisonCapture.groups([("a", Self.slowerA), ("b", Self.slowerB)])
        let key = #expect(throws: QueryError.self) { try run(capture, .init(selection: ComparisonSelection(by: "mood"))) }
        #expect(key?.message == "--by mood: no session has a configuration key mood. Keys this store has: experiment, "
            + "variant, capture, device.model, mode, event, region, target, via")
        let value = #expect(throws: QueryError.self) {
            try run(capture, .init(selection: ComparisonSelection(by: "mode"), a: "a", b: "c"))
        }
        #expect(value?.message == "no response latencies where mode = c; values found: a, b")
    }
}
