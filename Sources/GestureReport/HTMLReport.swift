import GestureAnalysis
import GestureStore

/// `gesturelab report`: one self-contained HTML page of comparisons, with
/// their tables, plots, warnings, the data they drew on and the methods.
/// Latency comparisons come first, then comparisons of touch outcomes
/// (plans whose selection names an outcome: rates with their intervals, a
/// map of touch-downs against the targets' frames and hit areas, and for
/// false starts the trade-off against start latency).
///
/// The page depends only on the store, the plans and the options: no clock,
/// no random order, fixed number formats, so the same store and seed give
/// the same bytes.
///
///     let html = try database.connection.read { db in
///         try HTMLReport.render(db, plans: nil, options: .init(title: "Edge deferral", seed: 1))
///     }
///     try ReportFile.write(html, to: "gesturelab-report.html")
package enum HTMLReport {
    package struct Options: Sendable {
        package var title: String
        package var seed: UInt64
        package var alpha: Double
        /// What the comparisons replicate: sessions (the default) or touches.
        package var unit: AnalysisUnit
        /// The gesturelab version the page names.
        package var version: String
        /// Bootstrap replicates of each interval; nil for compare's own
        /// number. Tests of the page's layout take few.
        package var replicates: Int?

        package init(title: String = "gesturelab report", seed: UInt64 = 1, alpha: Double = 0.05,
                    unit: AnalysisUnit = .session, version: String = CaptureImporter.toolVersion,
                    replicates: Int? = nil) {
            self.title = title
            self.seed = seed
            self.alpha = alpha
            self.unit = unit
            self.version = version
            self.replicates = replicates
        }

        /// What each comparison on the page runs with.
        var comparisonOptions: Comparison.Options {
            Comparison.Options(alpha: alpha, seed: seed, unit: unit, replicates: replicates)
        }
    }

    /// The page for `plans`, or for the comparisons the store suggests when nil.
    ///
    /// With `readers`, the comparisons are worked out side by side, each on
    /// a connection of its own (see ``ReportReaders``); the page is the same.
    ///
    /// - Throws: `QueryError` for an empty store, or a selection that
    ///   matches nothing (the message `compare` gives).
    package static func render(_ db: some StoreReader, plans: [PlannedComparison]?, options: Options,
                               readers: ReportReaders? = nil) throws -> String {
        guard try db.fetchInt(sql: "SELECT count(*) FROM session") ?? 0 > 0 else {
            throw QueryError("the store holds no sessions: nothing to report. Import captures first (gesturelab import FILE...)")
        }
        var notices: [String] = []
        var chosen: [PlannedComparison]
        if let plans {
            chosen = plans
        } else {
            chosen = try ReportSuggestions.plans(db, alpha: options.alpha)
            if chosen.isEmpty {
                notices.append("No experiment has sessions whose configuration differs, nor touches heard on two "
                    + "channels, so there is nothing to compare by itself. Name a comparison: "
                    + "gesturelab report --by KEY [--a A --b B].")
            }
            if chosen.count > ReportSuggestions.maximumComparisons {
                let left = chosen.dropFirst(ReportSuggestions.maximumComparisons)
                notices.append("\(left.count) more comparisons were left out: "
                    + left.compactMap(\.title).joined(separator: "; ") + ". Ask for one with --by.")
                chosen = Array(chosen.prefix(ReportSuggestions.maximumComparisons))
            }
        }
        let drops = try SessionDrops.counts(db)
        let comparisonOptions = options.comparisonOptions
        let planSections = try readers.flatMap {
            try PlanSections.concurrently(chosen, options: comparisonOptions, drops: drops, readers: $0, sameAs: db)
        } ?? chosen.map { try PlanSections.make($0, options: comparisonOptions, drops: drops, in: db) }
        notices += planSections.flatMap(\.notices)
        let sections = planSections.flatMap(\.latency)
        let rateSections = planSections.flatMap(\.rates)
        let drawnOn: Set<Int64>? = sections.isEmpty && rateSections.isEmpty ? nil
            : Set(sections.flatMap { ($0.touchesA + $0.touchesB).map(\.sessionID) } + rateSections.flatMap(\.sessionIDs))
        // The sections' markup is drawn while the sessions and captures they drew on are read.
        let sectionMarkup = BackgroundValue { ReportPage.sectionMarkup(sections: sections, rateSections: rateSections) }
        let inventory = try ReportInventory.load(db, sessionIDs: drawnOn, drops: drops)
        return ReportPage(title: options.title, options: options, sections: sections, rateSections: rateSections,
                          inventory: inventory, notices: notices).html(sectionMarkup: sectionMarkup.wait())
    }
}
