import Foundation
import Testing
@testable import GestureAnalysis

/// `compare --metric reached|false-start` end to end on Tests/Fixtures/rates.jsonl
/// (8 sessions split by hit_area: 4 frame, 4 enlarged; written by
/// `python3 Tests/Reference/proportions.py --fixture`). Every expected number
/// comes from `python3 Tests/Reference/proportions.py --capture Tests/Fixtures/rates.jsonl`,
/// which counts with Tests/Reference/outcomes.py and computes with statsmodels,
/// scipy and the exact sessions-only bootstrap in numpy.
@Suite struct ProportionComparisonTests {
    private func run(_ metric: OutcomeMetric, unit: AnalysisUnit, a: String? = "frame", b: String? = "enlarged",
                     selection: ComparisonSelection? = nil, captures: [String] = ["rates.jsonl"]) throws -> Comparer.ProportionRun {
        let fixture = try AnalysisFixture(captures: captures)
        let request = Comparer.Request(selection: selection ?? ComparisonSelection(by: "hit_area", outcome: metric),
                                       a: a, b: b, options: .init(seed: 1, unit: unit))
        return try fixture.database.connection.read { try Comparer.runProportions(request, in: $0) }
    }

    /// Session rates 1, 1, 1, 1 against 1, 1, 1, 0: four sessions a group
    /// would do with distinct rates, but the ties hold the floor at 0.453
    /// (scipy: mannwhitneyu([1, 1, 1, 1], [0, 1, 1, 1], method="asymptotic")
    /// → p 0.4532547047537364), and the note says that rather than ask for
    /// the 4 sessions a group already there.
    @Test func tiedSessionRatesSayWhatHoldsTheSmallestPUp() throws {
        let a = SessionProportions(sessions: (1...4).map { (id: Int64($0), successes: 5, trials: 5) })
        let b = SessionProportions(sessions: [(5, 5, 5), (6, 5, 5), (7, 5, 5), (8, 0, 5)])
        let comparison = ProportionComparison(metric: .reached, a: a, b: b, labels: ("a", "b"), options: .init(seed: 1))
        #expect(comparison.notes.contains {
            $0 == "with 4 vs 4 sessions, the smallest p the session-level test allows is 0.453: it cannot reach p < 0.05; "
                + "record more sessions (these sizes could reach it with distinct values, but sessions tied at the "
                + "same value hold the smallest p up)"
        }, "\(comparison.notes)")
    }

    @Test func reachedByTouch() throws {
        let comparison = try #require(try run(.reached, unit: .touch).comparisons.first)
        // A k 46 n 81, wilson 0.4593743647497494 0.6702792285865891; B k 52 n 69, wilson 0.6403933718423956 0.8401022218298245
        #expect(comparison.a.successes == 46 && comparison.a.trials == 81 && comparison.a.sessions == 4)
        #expect(comparison.b.successes == 52 && comparison.b.trials == 69 && comparison.b.sessions == 4)
        let wilsonA = try comparison.a.wilson.get(), wilsonB = try comparison.b.wilson.get()
        #expect(isClose(wilsonA.lower, 0.4593743647497494, relative: 1e-12))
        #expect(isClose(wilsonA.upper, 0.6702792285865891, relative: 1e-12))
        #expect(isClose(wilsonB.lower, 0.6403933718423956, relative: 1e-12))
        #expect(isClose(wilsonB.upper, 0.8401022218298245, relative: 1e-12))
        // newcombe B-A 0.18572195383789591 [0.033071224988433706, 0.3244904830312261]
        let delta = try comparison.delta.get()
        #expect(isClose(delta.estimate, 0.18572195383789591, relative: 1e-12))
        #expect(isClose(delta.low, 0.033071224988433706, relative: 1e-12))
        #expect(isClose(delta.high, 0.3244904830312261, relative: 1e-12))
        // fisher odds 0.42967032967032964 p 0.0248254235519556
        #expect(comparison.fisher.oddsRatio == 0.42967032967032964)
        #expect(isClose(comparison.fisher.p, 0.0248254235519556, relative: 1e-10))
        #expect(comparison.verdict == .better)
    }

    @Test func reachedBySession() throws {
        let comparison = try #require(try run(.reached, unit: .session).comparisons.first)
        // session rates A [16/24, 14/22, 7/12, 9/23], B [18/23, 10/12, 12/16, 12/18];
        // mannwhitneyu(rates) U 0.5 p 0.042066412206780826 (asymptotic: 2/3 is in both groups)
        let ratesA: [Double] = [16.0 / 24, 14.0 / 22, 7.0 / 12, 9.0 / 23]
        #expect(comparison.sessionRatesA == ratesA)
        let test = try comparison.sessionTest.get()
        #expect(test.u == 0.5 && test.method == .asymptotic)
        #expect(isClose(test.p, 0.042066412206780826))
        #expect(comparison.verdict == .better)
        // sessions-bootstrap-se-t from the exact sessions-only bootstrap (all 4⁴ draws) and scipy's t
        // quantile: [-0.02139, 0.39283]; within 8 % of the width (4 Monte Carlo SEs at most)
        let delta = try comparison.delta.get()
        #expect(isClose(delta.estimate, 0.18572195383789591, relative: 1e-12))
        #expect(abs(delta.low - -0.021388212286451325) < 0.033 && abs(delta.high - 0.39283211996224315) < 0.033)
        #expect(comparison.notes.isEmpty)
    }

    @Test func falseStartsByTouchAndBySession() throws {
        let touch = try #require(try run(.falseStart, unit: .touch).comparisons.first)
        // A k 34 n 81, B k 3 n 69; newcombe B-A -0.3762748255501879 [-0.4886798214304455, -0.2490787316581319];
        // fisher odds 15.914893617021276 p 2.972407165809577e-08
        #expect(touch.a.successes == 34 && touch.a.trials == 81 && touch.b.successes == 3 && touch.b.trials == 69)
        let newcombe = try touch.delta.get()
        #expect(isClose(newcombe.low, -0.4886798214304455, relative: 1e-12))
        #expect(isClose(newcombe.high, -0.2490787316581319, relative: 1e-12))
        #expect(touch.fisher.oddsRatio == 15.914893617021276)
        #expect(isClose(touch.fisher.p, 2.972407165809577e-08, relative: 1e-9))
        // Fewer false starts in B: better.
        #expect(touch.verdict == .better)

        let session = try #require(try run(.falseStart, unit: .session).comparisons.first)
        // mannwhitneyu(rates) U 16.0 p 0.028429535998796527; sessions-bootstrap-se-t [-0.51399, -0.23856]
        let test = try session.sessionTest.get()
        #expect(test.u == 16 && isClose(test.p, 0.028429535998796527))
        #expect(session.verdict == .better)
        let delta = try session.delta.get()
        #expect(abs(delta.low - -0.5139915610184193) < 0.022 && abs(delta.high - -0.23855809008195653) < 0.022)
    }

    @Test func swappedGroupsAreWorse() throws {
        let reached = try #require(try run(.reached, unit: .touch, a: "enlarged", b: "frame").comparisons.first)
        #expect(reached.verdict == .worse)
        let falseStarts = try #require(try run(.falseStart, unit: .session, a: "enlarged", b: "frame").comparisons.first)
        #expect(falseStarts.verdict == .worse)
    }

    @Test func sessionIntervalIsDeterministicForASeed() throws {
        let first = try run(.reached, unit: .session).comparisons[0].delta.get()
        let again = try run(.reached, unit: .session).comparisons[0].delta.get()
        #expect(first == again)
    }

    @Test func baselineIsChosenWithoutAOrB() throws {
        let result = try run(.reached, unit: .touch, a: nil, b: nil)
        // Neither value reads as a baseline: A is the first in order.
        #expect(result.choiceNote == "A = enlarged (the first value), B = frame")
    }

    /// A group with no rows is compared with a note, not an error or a NaN.
    @Test func emptyGroupIsANote() throws {
        let comparison = try #require(try run(.reached, unit: .touch, b: "enlargd").comparisons.first)
        #expect(comparison.b.trials == 0 && comparison.b.rate == nil)
        #expect(comparison.verdict == .noDifference)
        #expect(comparison.notes.contains(
            "group enlargd has no touches (n = 0): it has no rate, and nothing can be said of B − A; values found: enlarged, frame"))
        let json = ProportionReport.json(try run(.reached, unit: .touch, b: "enlargd"))
        #expect(!json.contains("nan") && json.contains(#""b":{"label":"enlargd","n":0,"k":0,"rate":null,"ci_low":null,"ci_high":null}"#))
    }

    /// One session a group: no session-level inference, said in a note.
    @Test func oneSessionAGroupIsANote() throws {
        let selection = ComparisonSelection(by: "hit_area", outcome: .reached, variant: nil)
        var filtered = selection
        filtered.experiment = "buttons"
        let fixture = try AnalysisFixture(captures: [])
        let text = try String(contentsOfFile: AnalysisFixture.fixture("rates.jsonl"), encoding: .utf8)
        // Keep sessions f1 and e1 only.
        let kept = text.split(separator: "\n").filter { line in
            !["f2", "f3", "f4", "e2", "e3", "e4"].contains { line.contains(#""session":"\#($0)""#) }
        }
        try fixture.importCapture(text: kept.joined(separator: "\n") + "\n", name: "two.jsonl")
        let request = Comparer.Request(selection: filtered, a: "frame", b: "enlarged", options: .init(seed: 1))
        let comparison = try fixture.database.connection.read { try Comparer.runProportions(request, in: $0) }.comparisons[0]
        #expect(comparison.verdict == .noDifference)
        #expect(throws: InsufficientData.self) { try comparison.delta.get() }
        #expect(comparison.notes.contains { $0.hasPrefix("frame has 1 session and enlarged has 1 session: there is no session-level inference") })
        #expect(ProportionReport.verdictLine(comparison).hasPrefix("~ no session-level inference"))
    }

    @Test func droppedEventsAreNoted() throws {
        let fixture = try AnalysisFixture(captures: [])
        let text = try String(contentsOfFile: AnalysisFixture.fixture("rates.jsonl"), encoding: .utf8)
        try fixture.importCapture(text: text + #"{"type":"dropped","session":"e1","count":3,"t":5}"# + "\n", name: "drops.jsonl")
        let request = Comparer.Request(selection: ComparisonSelection(by: "hit_area", outcome: .reached),
                                       a: "frame", b: "enlarged", options: .init(seed: 1))
        let comparison = try fixture.database.connection.read { try Comparer.runProportions(request, in: $0) }.comparisons[0]
        #expect(comparison.notes == ["group enlarged drew on 1 session whose recorder dropped 3 events: its touch outcomes may be biased"])
    }

    @Test func storeWithoutTargetsIsRefused() throws {
        #expect(throws: QueryError.self) { try run(.reached, unit: .touch, captures: ["derived-latencies.jsonl"]) }
        do {
            _ = try run(.reached, unit: .touch, captures: ["derived-latencies.jsonl"])
        } catch {
            #expect("\(error)".hasPrefix("no touch outcomes in this store: --metric reached needs captures that declare their targets"))
        }
    }

    static let badSelections: [(ComparisonSelection, String)] = [
        (ComparisonSelection(by: "hit_area", outcome: .reached, via: "touches"), "--metric reached counts touches, which have no delivery channel"),
        (ComparisonSelection(by: "via", outcome: .falseStart), "--metric false-start counts touches, which have no delivery channel"),
        (ComparisonSelection(by: "hit_area", outcome: .reached, event: "touchDown"), "--metric reached counts touch-downs, which have no event"),
        (ComparisonSelection(by: "recognizer", outcome: .falseStart), "--metric false-start splits by a session attribute, a config key"),
    ]

    @Test(arguments: badSelections)
    func outcomeColumnsAreChecked(_ selection: ComparisonSelection, _ message: String) throws {
        do {
            _ = try run(.reached, unit: .touch, selection: selection)
            Issue.record("expected a refusal")
        } catch {
            #expect("\(error)".hasPrefix(message))
        }
    }

    /// `--event` for false starts is the start's event.
    @Test func falseStartEventFiltersTheStart() throws {
        let selection = ComparisonSelection(by: "hit_area", outcome: .falseStart, event: "touchesBegan")
        let comparison = try #require(try run(.falseStart, unit: .touch, selection: selection).comparisons.first)
        #expect(comparison.a.trials == 0 && comparison.b.trials == 0)
        let all = ComparisonSelection(by: "hit_area", outcome: .falseStart, event: "touchDown")
        #expect(try run(.falseStart, unit: .touch, selection: all).comparisons[0].a.trials == 81)
    }

    @Test func tableAndJSONFollowTheContract() throws {
        let run = try run(.reached, unit: .touch)
        let table = ProportionReport.table(run)
        #expect(table.hasPrefix("touches reaching their nearest target by hit_area\n"))
        #expect(table.contains("rate       56.8% [45.9%, 67.0%]   75.4% [64.0%, 84.0%]   +18.6 pp   [+3.3, +32.4] pp"))
        #expect(table.contains("B is better than A: Fisher's exact p = 0.025, odds ratio B/A 2.33 (touches pooled: n = 81 vs 69, alpha 0.05)"))
        #expect(table.contains("note: unit: touch — every touch is taken as independent"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ProportionReport.json(run).utf8)) as? [String: Any])
        #expect(Array(ProportionReport.jsonObject(run.comparisons[0], run: run).keys.prefix(9))
            == ["metric", "unit", "alpha", "verdict", "a", "b", "delta", "fisher", "sessions"])
        #expect(object["metric"] as? String == "reached" && object["verdict"] as? String == "better")
        // The text, not JSONSerialization's reading of it, which rounds the last digit on Linux.
        let text = ProportionReport.json(run)
        #expect(text.contains(#""a":{"label":"frame","n":81,"k":46,"rate":\#(46.0 / 81),"ci_low":0.45937436474974"#))
        // B's odds over A's: scipy.stats.fisher_exact([[52, 17], [46, 35]]).statistic = 2.3273657289002556.
        #expect(text.contains(#""fisher":{"odds_ratio":2.3273657289002556,"p":0.02482542355195"#))
        let csv = ProportionReport.csv(run)
        #expect(csv.hasPrefix("metric,by,a,b,n_a,k_a,rate_a,"))
        #expect(csv.contains("\r\nreached,hit_area,frame,enlarged,81,46,"))
    }
}

extension JSONValue {
    /// An object's keys in order (tests only).
    var keys: [String] {
        if case .object(let members) = self { return members.map(\.0) }
        return []
    }
}
