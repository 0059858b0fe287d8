import GestureAnalysis
import GestureTrace

/// A comparison's finding in one sentence, as the demo says it.
///
///     bottom+right vs none, touchDown p95: 958 ms vs 7.3 ms (n = 123 vs 112, p < 0.001): bottom+right is faster.
enum Headline {
    static func sentence(_ section: ReportSection) -> String {
        let comparison = section.comparison
        let selection = section.selection
        let a = comparison.a.label, b = comparison.b.label
        let scope = [selection.target, selection.event].compactMap { $0 }.joined(separator: " ")
        let subject = scope.isEmpty ? "\(selection.metric.rawValue) latency" : scope
        if let paired = comparison.paired, let median = Percentile.of(sorted: paired.differences, percent: 50) {
            var sentence = "\(b) hears \(subject) a median \(ReportFormat.milliseconds(abs(median))) "
                + (median >= 0 ? "later" : "earlier") + " than \(a) on the same touches "
                + "(\(paired.differences.count.grouped) paired touches"
            if case .success(let test) = paired.wilcoxon { sentence += ", Wilcoxon \(ReportFormat.p(test.p))" }
            return sentence + ")."
        }
        let evidence = "n = \(comparison.a.n.grouped) vs \(comparison.b.n.grouped), "
            + ((try? comparison.mannWhitney.get()).map { ReportFormat.p($0.p) } ?? "too few values to test")
        let verdict = switch comparison.verdict {
        case .faster: "\(b) is faster"
        case .slower: "\(b) is slower"
        case .noDifference: (try? comparison.mannWhitney.get()) == nil ? "too few values to tell"
                                                                        : "no significant difference"
        }
        return "\(subject) p95 with \(selection.by) = \(a): \(ReportFormat.milliseconds(comparison.a.p95)) "
            + "vs \(ReportFormat.milliseconds(comparison.b.p95)) with \(b) (\(evidence)): \(verdict)."
    }
}
