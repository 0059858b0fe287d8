import GestureAnalysis

/// One comparison the report is to show: a `compare` selection, its groups
/// (or nil to let `compare` choose them), and optionally the words for it.
///
///     PlannedComparison(selection: ComparisonSelection(by: "deferred_edges", event: "touchDown"),
///                       title: "Edge deferral")
public struct PlannedComparison: Sendable {
    public var selection: ComparisonSelection
    public var a: String?
    public var b: String?
    /// The section's heading; nil makes one from the selection.
    public var title: String?
    /// The finding in words; nil makes one from the numbers.
    public var headline: String?

    public init(selection: ComparisonSelection, a: String? = nil, b: String? = nil, title: String? = nil,
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
