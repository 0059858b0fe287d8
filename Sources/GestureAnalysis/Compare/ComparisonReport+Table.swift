import Foundation
import GestureTrace

extension ComparisonReport {
    /// The comparison for people, benchstat-style: the groups side by side,
    /// the difference with its interval, n on every row, `~` when the
    /// difference is not significant, and footnotes for what is missing.
    package static func table(_ run: Comparer.Run) -> String {
        let selection = run.request.selection
        var text = "\(selection.metric.rawValue) latency by \(selection.by)"
        if let note = run.choiceNote { text += ": \(note)" }
        text += "\n"
        let filterText = filters(selection).map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        if !filterText.isEmpty { text += "only \(filterText)\n" }
        for comparison in run.comparisons {
            text += "\n" + table(comparison)
        }
        let confidence = Int((run.request.options.confidence * 100).rounded())
        let replicates = QuantileBootstrap(seed: run.request.options.seed).replicates
        text += "\n\(confidence)% intervals: percentile bootstrap, \(replicates.grouped) replicates drawn from the exact "
            + "order-statistic distribution, seed \(run.request.options.seed).\n"
        return text
    }

    static func table(_ comparison: Comparison) -> String {
        var rows: [[String]] = [["", "A: \(comparison.a.label)", "B: \(comparison.b.label)", "B − A", "95% CI", "change", ""]]
        rows.append(["n", String(comparison.a.n), String(comparison.b.n), "", "", "", ""])
        for (index, delta) in comparison.deltas.enumerated() {
            var interval = ""
            switch delta.interval {
            case .success(let bounds): interval = "[\(signedMilliseconds(bounds.low)), \(signedMilliseconds(bounds.high))]"
            case .failure(let reason): interval = "(need \(reason.needed) values)"
            }
            let change = comparison.relativeChange(atPercent: delta.percent).map { String(format: "%+.1f%%", $0) } ?? ""
            let significant = (try? delta.interval.get()).map { $0.low > 0 || $0.high < 0 } ?? false
            rows.append([
                statisticName(delta.percent),
                milliseconds(comparison.a.percentiles[index]),
                milliseconds(comparison.b.percentiles[index]),
                delta.estimate.map(signedMilliseconds) ?? "",
                interval,
                change,
                significant ? "" : "~",
            ])
        }
        rows.append(["max", milliseconds(comparison.a.max), milliseconds(comparison.b.max), "", "", "", ""])

        // Row names and intervals read as words; the other columns line up as numbers.
        var table = TextTable(alignments: [.left, .right, .right, .right, .left, .right, .right], separator: "   ")
        for row in rows { table.append(row) }
        var text = table.text
        text += "\n" + verdictLine(comparison) + "\n"
        if let paired = comparison.paired {
            text += pairedLine(paired, labels: (comparison.a.label, comparison.b.label)) + "\n"
        }
        for note in comparison.notes {
            text += "note: \(note)\n"
        }
        return text
    }

    /// The test and its verdict in one line: `B is slower than A: Mann–Whitney U = 0, p < 0.001 (n = 240 vs 240, alpha 0.05)`.
    package static func verdictLine(_ comparison: Comparison) -> String {
        switch comparison.mannWhitney {
        case .failure:
            return "~ no test: a group has no values (n = \(comparison.a.n) vs \(comparison.b.n))"
        case .success(let test):
            let sentence = switch comparison.verdict {
            case .faster: "B is faster than A"
            case .slower: "B is slower than A"
            case .noDifference where !comparison.canBeSignificant: "~ too few values for a significant result"
            case .noDifference: "~ no significant difference"
            }
            return "\(sentence): Mann–Whitney U = \(NumberText.shortest(test.u)), \(pText(test.p)) "
                + "(n = \(comparison.a.n) vs \(comparison.b.n), alpha \(NumberText.shortest(comparison.options.alpha)))"
        }
    }

    /// The paired analysis in one line: n, the median difference with its interval, and Wilcoxon.
    package static func pairedLine(_ paired: Comparison.Paired, labels: (String, String)) -> String {
        var line = "paired, same touches (\(labels.1) − \(labels.0)): n = \(paired.differences.count)"
        if let median = Percentile.of(sorted: paired.differences, percent: 50) {
            line += ", median difference \(signedMilliseconds(median))"
        }
        if case .success(let interval) = paired.median {
            line += " [\(signedMilliseconds(interval.low)), \(signedMilliseconds(interval.high))]"
        }
        if case .success(let test) = paired.wilcoxon {
            line += "; Wilcoxon signed-rank W = \(NumberText.shortest(test.statistic)), \(pText(test.p)) (\(test.method.rawValue)"
                + (test.zerosDropped > 0 ? ", \(test.zerosDropped) zero differences dropped)" : ")")
        }
        return line
    }

    static func pText(_ p: Double) -> String {
        p < 0.001 ? "p < 0.001" : "p = " + String(format: "%.3f", p)
    }

    /// `12.3 ms`, or nothing for no value.
    package static func milliseconds(_ value: Double?) -> String {
        guard let value else { return "" }
        return String(format: "%.1f ms", value)
    }

    /// `+749.7 ms`, always with a sign.
    package static func signedMilliseconds(_ value: Double) -> String {
        String(format: "%+.1f ms", value)
    }
}
