import GestureAnalysis

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

    package init(selection: ComparisonSelection, a: String? = nil, b: String? = nil, title: String? = nil,
                headline: String? = nil) {
        self.selection = selection
        self.a = a
        self.b = b
        self.title = title
        self.headline = headline
    }

    /// `deferred_edges: none vs bottom+right, experiment edge-deferral, region bottom,bottom-right`
    static func describe(_ selection: ComparisonSelection, a: String, b: String) -> String {
        let filters = ComparisonReport.filters(selection).map { "\($0.0) \($0.1)" }
        return (["\(selection.by): \(a) vs \(b)"] + filters).joined(separator: ", ")
    }
}
