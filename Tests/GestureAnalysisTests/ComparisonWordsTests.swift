import Testing
@testable import GestureAnalysis

/// Words and figures that must not contradict the numbers: the odds
/// ratio's direction, no `-0.00`, the clustering sentence chosen from the
/// design effect, and the headline saying what its test compares.
@Suite struct ComparisonWordsTests {
    /// B's odds over A's: scipy's `fisher_exact([[kB, nB − kB], [kA, nA − kA]]).statistic`,
    /// the reciprocal of its ratio for the table with A's row first.
    @Test(arguments: [
        ([8, 2, 1, 5], 0.05), ([40, 10, 48, 2], 6.0), ([0, 10, 10, 0], .infinity), ([10, 0, 0, 10], 0.0),
        ([0, 5, 0, 7], .nan), ([120, 280, 45, 335], 0.31343283582089554),
    ])
    func theOddsRatioIsBOverA(table: [Int], expected: Double) {
        let test = FisherExactTest(a: (table[0], table[0] + table[1]), b: (table[2], table[2] + table[3]))
        if expected.isNaN {
            #expect(test.oddsRatioBOverA.isNaN)
        } else {
            #expect(isClose(test.oddsRatioBOverA, expected, relative: 1e-15))
        }
    }

    @Test func theTableSaysWhichWayTheOddsRatioGoes() {
        // A: 40 of 50 reached, B: 48 of 50: B's odds are 6 times A's.
        let test = FisherExactTest(a: (successes: 40, trials: 50), b: (successes: 48, trials: 50))
        #expect(ProportionReport.fisherText(test) == "Fisher's exact p = 0.028, odds ratio B/A 6")
    }

    @Test(arguments: [
        (-0.004, 2, false, "0.00"), (-0.004, 2, true, "+0.00"), (-0.04, 1, true, "+0.0"), (0.04, 1, true, "+0.0"),
        (-0.06, 1, true, "-0.1"), (-12.345, 1, false, "-12.3"), (0, 2, false, "0.00"), (-0.0, 1, false, "0.0"),
    ])
    func noNumberPrintsAsMinusZero(value: Double, digits: Int, signed: Bool, text: String) {
        #expect(NumberText.fixed(value, digits: digits, signed: signed) == text)
    }

    /// Ten sessions a group of 48 touches, each session's values shifted by
    /// 0, 3, 6, 9 or 12 ms: ICC(1) small, but 48 touches a session make the
    /// design effect large (numpy, the formula of docs/latencies.md):
    /// ICC 0.07510813999213527, design effect 4.530082579630358, effective n 105.958… a group.
    @Test func theClusteringWordsFollowTheDesignEffect() throws {
        func group(_ offset: Int64) -> SessionGroup {
            SessionGroup(sessions: (0..<10).map { j -> (id: Int64, values: [Double]) in
                let shift = Double(j % 5) * 3
                let values: [Double] = (0..<48).map { k in Double((k * 37) % 48) + shift }
                return (offset + Int64(j), values)
            })
        }
        let comparison = Comparison(a: group(0), b: group(100), labels: ("a", "b"), options: .init(seed: 1))
        let clustering = comparison.sessionLevel.clustering
        #expect(isClose(clustering.icc, 0.07510813999213527, relative: 1e-9))
        #expect(isClose(clustering.designEffects[0] ?? nil, 4.530082579630358, relative: 1e-9))
        let line = try #require(ComparisonReport.clusteringLine(comparison))
        #expect(line == "ICC 0.08, sessions differ: a's 480 touches carry the information of about 106 (design effect "
            + "4.53); b's 480 touches carry the information of about 106 (design effect 4.53)")
    }

    @Test func aNegativeICCNearZeroPrintsAsZero() throws {
        // Every session the same values: MSB = 0, ICC = −MSW / ((n0 − 1)·MSW) < 0.
        let group = SessionGroup(sessions: (0..<4).map { (Int64($0), [1.0, 2.0, 3.0, 4.0, 5.0]) })
        let comparison = Comparison(a: group, b: group, labels: ("a", "b"), options: .init(seed: 1))
        let line = try #require(ComparisonReport.clusteringLine(comparison))
        #expect(line.hasPrefix("ICC -0.25, little clustering by session"))
        let tiny = SessionGroup(sessions: (0..<4).map { (Int64($0), (1...400).map(Double.init)) })
        let flat = Comparison(a: tiny, b: tiny, labels: ("a", "b"), options: .init(seed: 1))
        #expect(try #require(ComparisonReport.clusteringLine(flat)).hasPrefix("ICC 0.00, little clustering"))
    }

    /// Welch's t decides, and the headline says it compares typical latency;
    /// scipy: `ttest_ind(b_mean_logs, a_mean_logs, equal_var=False)` → t =
    /// 8.992580922283313, df = 3.106670286417642, p = 0.0025247075904866237;
    /// `mannwhitneyu(a_medians, b_medians, method="auto")` → U = 0, p = 2/70.
    @Test func theHeadlineSaysWhatTheTestCompares() {
        let slow = SessionGroup(sessions: (0..<4).map { j in (Int64(j + 10), [20.0, 21, 22].map { $0 + Double(j) }) })
        let fast = SessionGroup(sessions: (0..<4).map { j in (Int64(j), [1.0, 2, 3].map { $0 + Double(j) }) })
        let comparison = Comparison(a: fast, b: slow, labels: ("a", "b"), options: .init(seed: 1, replicates: 200))
        #expect(ComparisonReport.verdictLine(comparison) == "typically, B is slower than A: Welch's t on session mean "
            + "log latency t = 8.99, df = 3.11, p = 0.003 (4 vs 4 sessions, alpha 0.05)")
        #expect(ComparisonReport.sessionMediansLine(comparison)
            == "session medians (for reference): Mann–Whitney U = 0, p = 0.029 (exact)")
        let welch = try? comparison.sessionLevel.welch?.get()
        #expect(isClose(welch?.t ?? 0, 8.992580922283313, relative: 1e-12))
        #expect(isClose(welch?.degreesOfFreedom ?? 0, 3.106670286417642, relative: 1e-12))
        #expect(isClose(welch?.p ?? 0, 0.0025247075904866237, relative: 1e-9))
    }

    /// The name outputs give the verdict's test follows the test that
    /// decided: Welch's t unpaired, Wilcoxon for a paired split, the pooled
    /// Mann–Whitney by touch.
    @Test func theDecidingTestIsNamedForTheDesign() {
        let slow = SessionGroup(sessions: (0..<4).map { j in (Int64(j + 10), [20.0, 21, 22].map { $0 + Double(j) }) })
        let fast = SessionGroup(sessions: (0..<4).map { j in (Int64(j), [1.0, 2, 3].map { $0 + Double(j) }) })
        let differences = SessionGroup(sessions: (0..<4).map { j in (Int64(j), [19.0, 19, 19]) })
        let unpaired = Comparison(a: fast, b: slow, labels: ("a", "b"), options: .init(seed: 1, replicates: 200))
        let paired = Comparison(a: fast, b: slow, labels: ("a", "b"), options: .init(seed: 1, replicates: 200),
                                pairedDifferences: differences)
        let byTouch = Comparison(a: fast, b: slow, labels: ("a", "b"), options: .init(seed: 1, unit: .touch))
        #expect(unpaired.decidingTestName == "welch_t")
        #expect(paired.decidingTestName == "wilcoxon")
        // 4 paired sessions cannot reach 0.05 (Wilcoxon's floor is 0.125): the line names Wilcoxon, not Welch.
        let pairedLine = ComparisonReport.verdictLine(paired)
        #expect(pairedLine.contains(": Wilcoxon signed-rank on each session's median difference") && !pairedLine.contains("Welch"))
        #expect(ComparisonReport.sessionMediansLine(paired) == nil)
        #expect(byTouch.decidingTestName == "mann_whitney")
    }

    /// Many sessions give thousands of degrees of freedom: no exponent.
    @Test(arguments: [(3.106670286417642, "3.11"), (45.23, "45.2"), (6105.7, "6106"), (99.96, "100"), (1.0, "1")])
    func degreesOfFreedomReadAsNumbers(value: Double, text: String) {
        #expect(ComparisonReport.degreesOfFreedomText(value) == text)
    }

    /// A latency of 0 ms has no log: Mann–Whitney on the medians decides,
    /// the headline is about medians, and a note says why.
    @Test func aZeroLatencyHandsTheVerdictToTheMedians() {
        let slow = SessionGroup(sessions: (0..<4).map { j in (Int64(j + 10), [20.0, 21, 22].map { $0 + Double(j) }) })
        let fast = SessionGroup(sessions: (0..<4).map { j in (Int64(j), [0.0, 2, 3].map { $0 + Double(j) }) })
        let comparison = Comparison(a: fast, b: slow, labels: ("a", "b"), options: .init(seed: 1, replicates: 200))
        #expect(comparison.sessionLevel.welch == nil)
        #expect(ComparisonReport.verdictLine(comparison) == "at the median, B is slower than A: Mann–Whitney on "
            + "session medians U = 0, p = 0.029 (exact; 4 vs 4 sessions, alpha 0.05)")
        #expect(ComparisonReport.sessionMediansLine(comparison) == nil)
        #expect(comparison.notes.contains("a latency of 0 ms or less has no log, so Welch's t on session mean log "
            + "latency cannot run; the verdict follows Mann–Whitney on the session medians"))
    }
}

/// The notes say what coverage the calibration study found where it is off 95 %.
@Suite struct CoverageNoteTests {
    /// ICC by hand: MSB = 27000/6 = 4500, MSW = 16/16 = 1, n0 = 3, so
    /// (4500 − 1)/(4500 + 2) = 0.9993; with 4 sessions a group.
    @Test func sessionsThatDifferALotSayWhatTheIntervalsCovered() {
        let a = SessionGroup(sessions: (0..<4).map { j in (Int64(j), [10.0, 11, 12].map { $0 + 30 * Double(j) }) })
        let b = SessionGroup(sessions: (0..<4).map { j in (Int64(j + 10), [15.0, 16, 17].map { $0 + 30 * Double(j) }) })
        let comparison = Comparison(a: a, b: b, labels: ("a", "b"), options: .init(seed: 1, replicates: 200))
        #expect(isClose(comparison.sessionLevel.clustering.icc ?? 0, 4499.0 / 4502, relative: 1e-12))
        #expect(comparison.notes.contains("sessions differ a lot here (ICC 1.00) with 4 sessions in the smaller "
            + "group: in the calibration study, 95 % intervals in such designs covered the true difference 94–100 % of "
            + "the time at p50 (up to twice as wide as needed), 93–99.5 % at p95 and 89–100 % at p99; read the p99 "
            + "interval as indicative, and record more sessions to narrow them all"))
    }

    /// With 20 sessions a group the study found every percentile within
    /// 91.5–99 % even where sessions differ a lot: no note.
    @Test func manySessionsThatDifferGetNoCoverageNote() {
        let a = SessionGroup(sessions: (0..<20).map { j in (Int64(j), [10.0, 11, 12].map { $0 + 30 * Double(j) }) })
        let b = SessionGroup(sessions: (0..<20).map { j in (Int64(j + 100), [15.0, 16, 17].map { $0 + 30 * Double(j) }) })
        let comparison = Comparison(a: a, b: b, labels: ("a", "b"), options: .init(seed: 1, replicates: 200))
        #expect((comparison.sessionLevel.clustering.icc ?? 0) > 0.9)
        #expect(!comparison.notes.contains { $0.contains("calibration study") })
    }

    @Test func sessionsAlikeGetNoCoverageNote() {
        let a = SessionGroup(sessions: (0..<4).map { j in (Int64(j), [10.0, 20, 30, 40].map { $0 + Double(j) }) })
        let b = SessionGroup(sessions: (0..<4).map { j in (Int64(j + 10), [11.0, 21, 31, 41].map { $0 + Double(j) }) })
        let comparison = Comparison(a: a, b: b, labels: ("a", "b"), options: .init(seed: 1, replicates: 200))
        #expect((comparison.sessionLevel.clustering.icc ?? 1) < 0.5)
        #expect(!comparison.notes.contains { $0.contains("calibration study") })
    }
}
