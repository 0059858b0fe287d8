import Foundation
import GestureAnalysis
import GestureReport
import GestureTrace

/// One question of the seed experiments, answered by a comparison.
package struct DemoFinding: Sendable {
    /// The question in a few words, e.g. "Content touches (delaysContentTouches in a scroll view)".
    package var title: String
    /// The answer in plain words, with its numbers.
    package var sentence: String
    package var run: Comparer.Run

    package var comparison: Comparison { run.comparisons[0] }
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
}
