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

    static func pText(_ comparison: Comparison) -> String {
        guard case .success(let test) = comparison.mannWhitney else { return "too few values to test" }
        return ReportFormat.p(test.p)
    }

    /// `n = 123 vs 112, p < 0.001`
    static func evidence(_ comparison: Comparison) -> String {
        "n = \(comparison.a.n.grouped) vs \(comparison.b.n.grouped), \(pText(comparison))"
    }
}
