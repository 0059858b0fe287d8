import Foundation
import GestureAnalysis
import GestureReport
import GestureTrace

/// One question of the seed experiments, answered by a comparison of
/// latencies, of touch-outcome rates, or of both (a trade-off).
package struct DemoFinding: Sendable {
    /// The question in a few words, e.g. "Content touches (delaysContentTouches in a scroll view)".
    package var title: String
    /// The answer in plain words, with its numbers.
    package var sentence: String
    /// The latency comparison behind it, if any.
    package var run: Comparer.Run?
    /// The rate comparisons behind it (touches that reached their target, false starts), if any.
    package var rates: [Comparer.ProportionRun] = []
    /// For a finding with both kinds (a trade-off), what each part says on
    /// its own, with its own numbers: the report's section of the latency
    /// comparison, and of each rate comparison in `rates`' order. Nil: the
    /// finding has one part, and `sentence` says it.
    package var parts: (latency: String, rates: [String])?

    /// The latency comparison, if the finding has one.
    package var comparison: Comparison? { run?.comparisons.first }
    /// The first rate comparison, if the finding has one.
    package var rate: ProportionComparison? { rates.first?.comparisons.first }
}

extension DemoFinding {
    static func milliseconds(_ value: Double?) -> String {
        ReportFormat.milliseconds(value)
    }

    /// The p of the test the verdict follows (the session-level one by default).
    static func pText(_ comparison: Comparison) -> String {
        guard let test = comparison.decidingTest else {
            return comparison.options.unit == .session ? "too few sessions to test" : "too few values to test"
        }
        return ReportFormat.p(test.p)
    }

    /// `8 vs 8 sessions, n = 123 vs 112, p < 0.001 by session`
    static func evidence(_ comparison: Comparison) -> String {
        switch comparison.options.unit {
        case .session:
            "\(comparison.a.sessions) vs \(comparison.b.sessions) sessions, n = \(comparison.a.n.grouped) vs "
                + "\(comparison.b.n.grouped), \(pText(comparison)) by session"
        case .touch:
            "n = \(comparison.a.n.grouped) vs \(comparison.b.n.grouped), \(pText(comparison)), unit touch"
        }
    }

    /// `41 % (49/120)`
    static func rate(_ group: ProportionComparison.GroupRate) -> String {
        guard let rate = group.rate else { return "no rate (n = 0)" }
        return String(format: "%.0f %%", rate * 100) + " (\(group.successes.grouped)/\(group.trials.grouped))"
    }

    /// `B − A −23 points [−31, −14], 8 vs 8 sessions, p < 0.001 by session`
    static func evidence(_ comparison: ProportionComparison) -> String {
        var text = ""
        if let difference = comparison.difference {
            text += "B − A " + String(format: "%+.0f", difference * 100) + " points"
            if case .success(let interval) = comparison.delta {
                text += String(format: " [%+.0f, %+.0f]", interval.low * 100, interval.high * 100)
            }
            text += ", "
        }
        switch comparison.options.unit {
        case .session:
            let p = (try? comparison.sessionTest.get()).map { ReportFormat.p($0.p) } ?? "too few sessions to test"
            return text + "\(comparison.a.sessions) vs \(comparison.b.sessions) sessions, \(p) by session"
        case .touch:
            return text + "Fisher's exact \(ReportFormat.p(comparison.fisher.p)), unit touch"
        }
    }
}
