import GRDB
import GestureAnalysis
import GestureStore
import GestureTrace

/// One comparison of a touch outcome (`reached` or `false-start`) as the
/// report shows it: the rates of `compare --metric`, and what the map and
/// the trade-off table draw.
struct RateSection: Sendable {
    var title: String
    var headline: String
    var run: Comparer.ProportionRun
    var comparison: ProportionComparison
    var warnings: [String]
    /// Where each group's touch-downs landed and the targets they were
    /// measured against (for `reached`).
    var mapA: OutcomeMapData?
    var mapB: OutcomeMapData?
    /// Each group's start latency beside its false-start rate (for `false-start`).
    var tradeOff: [TradeOffRow]

    var selection: ComparisonSelection { run.request.selection }
    var metric: OutcomeMetric { comparison.metric }
    /// The sessions the section drew on.
    var sessionIDs: [Int64] { sessionsA + sessionsB }
    var sessionsA: [Int64]
    var sessionsB: [Int64]

    /// One group's row of the trade-off: how late its starts came and how many were false.
    struct TradeOffRow: Sendable {
        var group: String
        var label: String
        var starts: Int
        var p50: Double?
        var p95: Double?
        var falseStarts: Int
    }

    /// The sections of one planned outcome comparison: one per B value `compare` found.
    ///
    /// - Precondition: `plan.selection.outcome` is set.
    static func make(_ plan: PlannedComparison, options: Comparison.Options, in db: some StoreReader) throws -> [RateSection] {
        let run = try plan.proportionRun(options: options, in: db)
        return try run.comparisons.map { comparison in
            let idsA = try sessionIDs(plan.selection, value: comparison.a.label, in: db)
            let idsB = try sessionIDs(plan.selection, value: comparison.b.label, in: db)
            // The page's copy names its groups isolated; the queries below keep the stored labels.
            var shown = comparison
            shown.a.label = XMLText.isolate(comparison.a.label)
            shown.b.label = XMLText.isolate(comparison.b.label)
            let describe = PlannedComparison.describe(plan.selection, a: comparison.a.label, b: comparison.b.label)
            let title: String = switch (plan.title, run.comparisons.count) {
            case (let title?, 1): title
            case (let title?, _): "\(title): \(describe)"
            case (nil, _): "\(comparison.metric.rawValue), \(describe)"
            }
            var section = RateSection(
                title: title, headline: plan.headline ?? "", run: run, comparison: shown,
                warnings: shown.notes, mapA: nil, mapB: nil, tradeOff: [], sessionsA: idsA, sessionsB: idsB)
            if plan.headline == nil || run.comparisons.count > 1 { section.headline = headline(section) }
            switch comparison.metric {
            case .reached:
                section.mapA = try OutcomeMapData.load(plan.selection, value: comparison.a.label, sessions: idsA, in: db)
                section.mapB = try OutcomeMapData.load(plan.selection, value: comparison.b.label, sessions: idsB, in: db)
            case .falseStart:
                section.tradeOff = [
                    try tradeOffRow(plan.selection, group: "a", rate: comparison.a, sessions: idsA, in: db),
                    try tradeOffRow(plan.selection, group: "b", rate: comparison.b, sessions: idsB, in: db),
                ]
            }
            return section
        }
    }

    /// The sessions of the group where the selection's key is `value`, as `compare` groups them.
    static func sessionIDs(_ selection: ComparisonSelection, value: String, in db: some StoreReader) throws -> [Int64] {
        try selection.sessionProportions(db, value: value).sessions.map(\.id)
    }

    private static func tradeOffRow(_ selection: ComparisonSelection, group: String, rate: ProportionComparison.GroupRate,
                                    sessions: [Int64], in db: some StoreReader) throws -> TradeOffRow {
        let (conditions, arguments) = OutcomeFilter.conditions(selection, value: rate.label, sessions: sessions)
        let latencies = try db.fetchDoubles(projectSQL: """
            SELECT start_ms FROM starts WHERE \(conditions.joined(separator: " AND ")) ORDER BY start_ms
            """, arguments: StoreArguments(arguments))
        return TradeOffRow(group: group, label: rate.label, starts: latencies.count,
                           p50: Percentile.of(sorted: latencies, percent: 50),
                           p95: Percentile.of(sorted: latencies, percent: 95), falseStarts: rate.successes)
    }

    /// `reached with hit_area = 44pt: 92 % (110/120) vs 65 % (78/120) with frame (…): 44pt is better.`
    static func headline(_ section: RateSection) -> String {
        let comparison = section.comparison
        let a = comparison.a, b = comparison.b
        func rate(_ group: ProportionComparison.GroupRate) -> String {
            guard let value = group.rate else { return "no rate" }
            return RateText.percent(value) + " (\(group.successes.grouped)/\(group.trials.grouped))"
        }
        var evidence = ""
        if case .success(let delta) = comparison.delta {
            evidence = "B − A \(RateText.points(delta.estimate)) [\(RateText.points(delta.low)), \(RateText.points(delta.high))]; "
        }
        switch comparison.options.unit {
        case .session:
            evidence += "by session: \(a.sessions) vs \(b.sessions) sessions, "
                + ((try? comparison.sessionTest.get()).map { ReportFormat.p($0.p) } ?? "too few sessions to test")
        case .touch:
            evidence += "unit touch: Fisher's exact \(ReportFormat.p(comparison.fisher.p))"
        }
        let verdict = switch comparison.verdict {
        case .better: "\(b.label) is better"
        case .worse: "\(b.label) is worse"
        case .noDifference: "no significant difference"
        }
        let what = comparison.metric == .reached ? "touches reaching their nearest target" : "false starts"
        return "\(what) with \(XMLText.isolate(section.selection.by)) = \(b.label): \(rate(b)) vs \(rate(a)) with \(a.label) "
            + "(\(evidence)): \(verdict)."
    }
}

/// Percentages and percentage points as the report prints them.
enum RateText {
    /// `91.7 %`
    static func percent(_ fraction: Double) -> String {
        String(format: "%.1f %%", fraction * 100)
    }

    /// `+26.7 pts`
    static func points(_ fraction: Double) -> String {
        String(format: "%+.1f pts", fraction * 100)
    }
}
