import GestureAnalysis
import GestureStore

/// One comparison the report is to show: a `compare` selection, its groups
/// (or nil to let `compare` choose them), and optionally the words for it.
///
///     PlannedComparison(selection: ComparisonSelection(by: "deferred_edges", event: "touchDown"),
///                       title: "Edge deferral")
package struct PlannedComparison: Sendable {
    package var selection: ComparisonSelection
    package var a: String?
    package var b: String?
    /// The section's heading; nil makes one from the selection.
    package var title: String?
    /// The finding in words; nil makes one from the numbers.
    package var headline: String?
    /// The comparison already run for exactly this plan (the demo runs it
    /// for its findings), so the report need not bootstrap it again; it is
    /// used only when its request matches the plan and the report's options.
    package var run: Comparer.Run?
    /// Likewise for an outcome comparison (`selection.outcome` set).
    package var proportionRun: Comparer.ProportionRun?
    /// Whether the report chose the plan itself (``ReportSuggestions``)
    /// rather than being asked for it. A suggestion the data cannot answer
    /// (its key has one value among the rows it selects, say the lead
    /// response heard only in sessions of one variant) is left out of the
    /// page with a notice; a comparison asked for fails as `compare` does.
    package var isSuggestion = false

    package init(selection: ComparisonSelection, a: String? = nil, b: String? = nil, title: String? = nil,
                headline: String? = nil, run: Comparer.Run? = nil, proportionRun: Comparer.ProportionRun? = nil) {
        self.selection = selection
        self.a = a
        self.b = b
        self.title = title
        self.headline = headline
        self.run = run
        self.proportionRun = proportionRun
    }

    /// Whether the plan compares a touch outcome's rates rather than latencies.
    var comparesRates: Bool { selection.outcome != nil }

    /// The plan's run: the one given, when it answers this plan under
    /// `options`; otherwise computed now.
    func comparisonRun(options: Comparison.Options, in db: some StoreReader) throws -> Comparer.Run {
        if let run, run.request.selection == selection, run.request.a.hasSameBytes(as: a),
           run.request.b.hasSameBytes(as: b), run.request.options == options {
            return run
        }
        return try Comparer.run(.init(selection: selection, a: a, b: b, options: options), in: db)
    }

    /// The plan's outcome run, reused or computed as ``comparisonRun(options:in:)`` does.
    func proportionRun(options: Comparison.Options, in db: some StoreReader) throws -> Comparer.ProportionRun {
        if let proportionRun, proportionRun.request.selection == selection,
           proportionRun.request.a.hasSameBytes(as: a), proportionRun.request.b.hasSameBytes(as: b),
           proportionRun.request.options == options {
            return proportionRun
        }
        return try Comparer.runProportions(.init(selection: selection, a: a, b: b, options: options), in: db)
    }

    /// `deferred_edges: none vs bottom+right, experiment edge-deferral, region bottom,bottom-right`
    static func describe(_ selection: ComparisonSelection, a: String, b: String) -> String {
        let names = [selection.by, a, b].map(XMLText.isolate)
        return (["\(names[0]): \(names[1]) vs \(names[2])"] + filters(selection)).joined(separator: ", ")
    }

    /// The selection's filters as the page names them, e.g. `event touchDown`, each value isolated.
    static func filters(_ selection: ComparisonSelection) -> [String] {
        ComparisonReport.filters(selection).map { "\($0.0) \(XMLText.isolate($0.1))" }
    }
}
