import GRDB
import GestureAnalysis
import GestureStore
import GestureTrace

/// One comparison as the report shows it: the numbers of `compare` and the
/// touches behind each group, for the plots.
struct ReportSection: Sendable {
    var title: String
    var headline: String
    var run: Comparer.Run
    var comparison: Comparison
    var touchesA: [TouchLatency]
    var touchesB: [TouchLatency]
    var sortedA: [Double]
    var sortedB: [Double]
    var warnings: [String]
    /// The touches the screen map draws: those of the groups in every region,
    /// when the selection keeps only some, so the map shows where latency changes.
    var mapTouchesA: [TouchLatency]
    var mapTouchesB: [TouchLatency]

    var selection: ComparisonSelection { run.request.selection }
    var metricName: String { selection.metric.rawValue }

    /// The sections of one planned comparison: one per B value `compare` found.
    ///
    ///     let sections = try ReportSection.make(plan, options: .init(seed: 1), drops: [:], in: db)
    static func make(_ plan: PlannedComparison, options: Comparison.Options, drops: [Int64: SessionDrops.Count],
                     in db: some StoreReader) throws -> [ReportSection] {
        let run = try plan.comparisonRun(options: options, in: db)
        return try run.comparisons.map { comparison in
            let touchesA = try plan.selection.touchLatencies(db, value: comparison.a.label)
            let touchesB = try plan.selection.touchLatencies(db, value: comparison.b.label)
            var everywhere = plan.selection
            everywhere.region = nil
            let mapTouchesA = plan.selection.region == nil ? touchesA
                : try everywhere.touchLatencies(db, value: comparison.a.label)
            let mapTouchesB = plan.selection.region == nil ? touchesB
                : try everywhere.touchLatencies(db, value: comparison.b.label)
            let describe = PlannedComparison.describe(plan.selection, a: comparison.a.label, b: comparison.b.label)
            // The page's copy names its groups isolated (XMLText.isolate), so every sentence built from them is.
            var shown = comparison
            shown.a.label = XMLText.isolate(comparison.a.label)
            shown.b.label = XMLText.isolate(comparison.b.label)
            // A planned title names one comparison; several B values each get their groups named too.
            let title: String = switch (plan.title, run.comparisons.count) {
            case (let title?, 1): title
            case (let title?, _): "\(title): \(describe)"
            case (nil, _): describe
            }
            var section = ReportSection(
                title: title,
                headline: plan.headline ?? "",
                run: run, comparison: shown, touchesA: touchesA, touchesB: touchesB,
                sortedA: touchesA.map(\.latencyMs).sorted(), sortedB: touchesB.map(\.latencyMs).sorted(),
                warnings: [], mapTouchesA: mapTouchesA, mapTouchesB: mapTouchesB)
            if plan.headline == nil || run.comparisons.count > 1 { section.headline = Headline.sentence(section) }
            section.warnings = warnings(section, drops: drops)
            return section
        }
    }

    /// When some latency is below 0: how many a group, the lowest, and what
    /// it points at. The values stay in every number and plot (docs/latencies.md:
    /// kept, not hidden), so the reader needs to be told why the axes go below 0.
    static func negativeLatencies(_ section: ReportSection) -> String? {
        let counts = [section.sortedA, section.sortedB].map { sorted in sorted.prefix { $0 < 0 }.count }
        guard counts.contains(where: { $0 > 0 }) else { return nil }
        let lowest = [section.sortedA.first, section.sortedB.first].compactMap { $0 }.min()
        let comparison = section.comparison
        return "\(counts[0].grouped) of \(comparison.a.n.grouped) latencies of \(comparison.a.label) and "
            + "\(counts[1].grouped) of \(comparison.b.n.grouped) of \(comparison.b.label) are negative (the lowest "
            + "\(ReportFormat.milliseconds(lowest))): the app heard of those touches before they began, which points at "
            + "a recorder mixing clocks. They are kept in every number and plot, not hidden."
    }

    /// Small samples and dropped events, in plain sentences.
    static func warnings(_ section: ReportSection, drops: [Int64: SessionDrops.Count]) -> [String] {
        var warnings: [String] = []
        for summary in [section.comparison.a, section.comparison.b] where summary.n < 100 {
            warnings.append("\(summary.label) has \(summary.n) value\(summary.n == 1 ? "" : "s"): "
                + (summary.n < 20 ? "its p90, p95 and p99 rest on its few largest values."
                                  : "its p99 rests on its largest two or three values."))
        }
        warnings += section.comparison.notes
        if let negative = negativeLatencies(section) { warnings.append(negative) }
        let sessions = Set((section.touchesA + section.touchesB).map(\.sessionID))
        for id in sessions.sorted() {
            guard let drop = drops[id], drop.events > 0 else { continue }
            warnings.append("session \(XMLText.isolate(drop.session)) of \(XMLText.isolate(drop.capture)) dropped \(drop.events.grouped) events while recording: "
                + "touches or deliveries of it may be missing.")
        }
        return warnings
    }
}
