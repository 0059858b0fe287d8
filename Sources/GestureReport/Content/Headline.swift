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
        let scope = [selection.target, selection.event].compactMap { $0 }.map(XMLText.isolate).joined(separator: " ")
        let subject = scope.isEmpty ? "\(selection.metric.rawValue) latency" : scope
        let unit = comparison.options.unit
        if let paired = comparison.paired, let median = Percentile.of(sorted: paired.differences, percent: 50) {
            var sentence = "\(b) hears \(subject) a median \(ReportFormat.milliseconds(abs(median))) "
                + (median >= 0 ? "later" : "earlier") + " than \(a) on the same touches "
                + "(\(paired.differences.count.grouped) paired touches"
            switch unit {
            case .touch:
                if case .success(let test) = paired.wilcoxon { sentence += ", Wilcoxon \(ReportFormat.p(test.p)), unit: touch" }
            case .session:
                sentence += " in \(paired.sessionMedians.count) session\(paired.sessionMedians.count == 1 ? "" : "s")"
                if case .success(let test)? = paired.sessionWilcoxon {
                    sentence += "; by session, Wilcoxon \(ReportFormat.p(test.p))"
                }
            }
            return sentence + ")."
        }
        let evidence: String
        switch unit {
        case .touch:
            evidence = "unit touch: n = \(comparison.a.n.grouped) vs \(comparison.b.n.grouped), "
                + ((try? comparison.mannWhitney.get()).map { ReportFormat.p($0.p) } ?? "too few values to test")
        case .session:
            evidence = "by session: \(comparison.a.sessions) vs \(comparison.b.sessions) sessions of "
                + "\(comparison.a.n.grouped) vs \(comparison.b.n.grouped) touches, "
                + (comparison.decidingTest.map { ReportFormat.p($0.p) } ?? "too few sessions to test")
        }
        let verdict = switch comparison.verdict {
        case .faster: "\(b) is faster"
        case .slower: "\(b) is slower"
        case .noDifference where !comparison.canBeSignificant:
            unit == .session ? "too few sessions to tell" : "too few values to tell"
        case .noDifference: "no significant difference"
        }
        return "\(subject) p95 with \(XMLText.isolate(selection.by)) = \(a): \(ReportFormat.milliseconds(comparison.a.p95)) "
            + "vs \(ReportFormat.milliseconds(comparison.b.p95)) with \(b) (\(evidence)): \(verdict)."
    }
}
