import Foundation
import GestureTrace

extension ComparisonReport {
    /// The comparison for people, benchstat-style: the groups side by side,
    /// the difference with its interval, n on every row, `~` when the
    /// difference is not significant, and footnotes for what is missing.
    package static func table(_ run: Comparer.Run) -> String {
        let run = run.escapedForTerminal
        let selection = run.request.selection
        var text = "\(selection.metric.rawValue) latency by \(selection.by)"
        if let note = run.choiceNote { text += ": \(note)" }
        text += "\n"
        let filterText = filters(selection).map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        if !filterText.isEmpty { text += "only \(filterText)\n" }
        if run.comparisons.count > 1 {
            text += "\n" + baselineTable(run.comparisons)
            for comparison in run.comparisons {
                text += "\nB = \(comparison.b.label):\n" + lines(comparison)
            }
        } else {
            for comparison in run.comparisons {
                text += "\n" + table(comparison)
            }
        }
        text += "\n" + methodLine(run.request.options) + "\n"
        return text
    }

    /// How the intervals were made, for the unit in use.
    package static func methodLine(_ options: Comparison.Options) -> String {
        let confidence = Int((options.confidence * 100).rounded())
        switch options.unit {
        case .session:
            return "unit: session. \(confidence)% intervals: \(SessionBootstrap.methodName) (t on the standard error of "
                + "a bootstrap of whole sessions, taken on the log scale, Welch–Satterthwaite degrees of freedom), \(SessionBootstrap.replicateText(options)), "
                + "seed \(options.seed); test: Welch's t on each session's mean log latency (Mann–Whitney on the session "
                + "medians when a latency is 0; for a paired via split, Wilcoxon on each session's median difference)."
        case .touch:
            let replicates = QuantileBootstrap(seed: options.seed).replicates
            return "unit: touch (every value taken as independent). \(confidence)% intervals: percentile bootstrap, "
                + "\(replicates.grouped) replicates drawn from the exact order-statistic distribution, seed \(options.seed)."
        }
    }

    static func table(_ comparison: Comparison) -> String {
        var rows: [[String]] = [["", "A: \(comparison.a.label)", "B: \(comparison.b.label)", "B − A", "95% CI", "change", ""]]
        rows.append(["n", String(comparison.a.n), String(comparison.b.n), "", "", "", ""])
        rows.append(["sessions", String(comparison.a.sessions), String(comparison.b.sessions), "", "", "", ""])
        for (index, delta) in comparison.deltas.enumerated() {
            rows.append([
                statisticName(delta.percent),
                milliseconds(comparison.a.percentiles[index]),
                milliseconds(comparison.b.percentiles[index]),
                delta.estimate.map(signedMilliseconds) ?? "",
                intervalText(delta.interval),
                changeText(comparison, delta),
                markText(delta.mark),
            ])
        }
        rows.append(["max", milliseconds(comparison.a.max), milliseconds(comparison.b.max), "", "", "", ""])

        // Row names and intervals read as words; the other columns line up as numbers.
        var table = TextTable(alignments: [.left, .right, .right, .right, .left, .right, .left], separator: "   ")
        for row in rows { table.append(row) }
        return table.text + "\n" + lines(comparison)
    }

    /// What follows a comparison's numbers: the verdict, the pooled test,
    /// the clustering, the paired analysis and the notes.
    static func lines(_ comparison: Comparison) -> String {
        var text = verdictLine(comparison) + "\n"
        if comparison.options.unit == .session {
            if let medians = sessionMediansLine(comparison) { text += medians + "\n" }
            text += pooledLine(comparison) + "\n"
            if let clustering = clusteringLine(comparison) { text += clustering + "\n" }
        }
        if let paired = comparison.paired {
            text += pairedLine(paired, labels: (comparison.a.label, comparison.b.label)) + "\n"
            if comparison.options.unit == .session, let line = pairedSessionLine(paired) { text += line + "\n" }
        }
        for note in comparison.notes {
            text += "note: \(note)\n"
        }
        return text
    }

    /// The test and its verdict in one line, for the unit in use:
    /// `typically, B is slower than A: Welch's t on session mean log latency t = 4.1, df = 5.2, p = 0.009 (4 vs 4 sessions, alpha 0.05)`.
    package static func verdictLine(_ comparison: Comparison) -> String {
        // Welch's t compares typical (geometric mean) latency; the rank tests, medians.
        let aspect = comparison.decidingTestName == WelchTest.name ? "typically" : "at the median"
        let sentence = switch comparison.verdict {
        case .faster: "\(aspect), B is faster than A"
        case .slower: "\(aspect), B is slower than A"
        case .noDifference where comparison.options.unit == .session
            && !comparison.sessionLevel.hasReplication(pairedSessions: comparison.paired?.sessionMedians.count):
            "~ no session-level inference"
        case .noDifference where !comparison.canBeSignificant: comparison.options.unit == .session
            ? "~ too few sessions for a significant result" : "~ too few values for a significant result"
        case .noDifference: "~ no significant difference"
        }
        let alpha = "alpha \(NumberText.shortest(comparison.options.alpha))"
        switch comparison.options.unit {
        case .touch:
            guard case .success(let test) = comparison.mannWhitney else {
                return "~ no test: a group has no values (n = \(comparison.a.n) vs \(comparison.b.n))"
            }
            return "\(sentence): Mann–Whitney U = \(NumberText.shortest(test.u)), \(pText(test.p)) "
                + "(touches pooled: n = \(comparison.a.n) vs \(comparison.b.n), \(alpha))"
        case .session:
            if let paired = comparison.paired, let result = paired.sessionWilcoxon {
                guard case .success(let test) = result else {
                    return "\(sentence): no Wilcoxon test on the session median differences (\(paired.sessionMedians.count) sessions)"
                }
                return "\(sentence): Wilcoxon signed-rank on each session's median difference W = "
                    + "\(NumberText.shortest(test.statistic)), \(pText(test.p)) (\(test.method.rawValue); "
                    + "\(paired.sessionMedians.count) session\(paired.sessionMedians.count == 1 ? "" : "s"), \(alpha))"
            }
            let sessions = "\(comparison.a.sessions) vs \(comparison.b.sessions) sessions"
            switch comparison.sessionLevel.decidingTest {
            case .welch(let test)?:
                return "\(sentence): Welch's t on session mean log latency t = \(String(format: "%.3g", test.t)), "
                    + "df = \(degreesOfFreedomText(test.degreesOfFreedom)), \(pText(test.p)) (\(sessions), \(alpha))"
            case .mannWhitney(let test)?:
                return "\(sentence): Mann–Whitney on session medians U = \(NumberText.shortest(test.u)), "
                    + "\(pText(test.p)) (\(test.method.rawValue); \(sessions), \(alpha))"
            case nil:
                return "~ no test: a group has no sessions (\(sessions))"
            }
        }
    }

    /// Welch–Satterthwaite degrees of freedom to three significant digits,
    /// without an exponent: `3.11`, `45.2`, `6106`.
    static func degreesOfFreedomText(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
    }

    /// Mann–Whitney on the session medians beside Welch's verdict, for
    /// reference: `session medians: Mann–Whitney U = 0, p = 0.029 (exact)`;
    /// nil when it is the verdict's own test or did not run.
    static func sessionMediansLine(_ comparison: Comparison) -> String? {
        guard comparison.decidingTestName == WelchTest.name,
              case .success(let test) = comparison.sessionLevel.test else { return nil }
        return "session medians (for reference): Mann–Whitney U = \(NumberText.shortest(test.u)), \(pText(test.p)) "
            + "(\(test.method.rawValue))"
    }

    /// The pooled test, labelled as such: `touches pooled (not independent): Mann–Whitney U = 155270, p < 0.001 (n = 600 vs 600)`.
    package static func pooledLine(_ comparison: Comparison) -> String {
        guard case .success(let test) = comparison.mannWhitney else { return "touches pooled: no test" }
        return "touches pooled (not independent; for reference only): Mann–Whitney U = \(NumberText.shortest(test.u)), "
            + "\(pText(test.p)) (n = \(comparison.a.n) vs \(comparison.b.n))"
    }

    /// The clustering in words: `ICC 0.80, between-session spread dominates: none's 600 touches carry the information of about 5 (design effect 120), …`.
    package static func clusteringLine(_ comparison: Comparison) -> String? {
        let clustering = comparison.sessionLevel.clustering
        guard let icc = clustering.icc else {
            return "ICC: not defined (it needs more sessions than groups and more values than sessions)"
        }
        var parts: [String] = []
        for (index, summary) in [comparison.a, comparison.b].enumerated() {
            guard let effective = clustering.effectiveN[index], let effect = clustering.designEffects[index] else { continue }
            parts.append("\(summary.label)'s \(summary.n.grouped) touches carry the information of about "
                + "\(Int(effective.rounded()).grouped) (design effect \(String(format: "%.3g", effect)))")
        }
        // The words follow the design effect, which says how much the
        // clustering costs at these session sizes, not the ICC alone: a
        // small ICC over long sessions still shrinks the information a lot.
        let largestEffect = clustering.designEffects.compactMap { $0 }.max() ?? 1
        let spread = largestEffect < 1.5 ? "little clustering by session"
            : largestEffect < 10 ? "sessions differ" : "between-session spread dominates"
        return "ICC \(NumberText.fixed(icc, digits: 2)), \(spread): " + parts.joined(separator: "; ")
    }

    /// The paired analysis per session: Wilcoxon on each session's median difference.
    package static func pairedSessionLine(_ paired: Comparison.Paired) -> String? {
        guard !paired.sessionMedians.isEmpty else { return nil }
        var line = "paired, per session: \(paired.sessionMedians.count) session\(paired.sessionMedians.count == 1 ? "" : "s")"
        if let median = Percentile.of(sorted: paired.sessionMedians.sorted(), percent: 50) {
            line += ", median of the session median differences \(signedMilliseconds(median))"
        }
        if case .success(let test)? = paired.sessionWilcoxon {
            line += "; Wilcoxon signed-rank W = \(NumberText.shortest(test.statistic)), \(pText(test.p)) (\(test.method.rawValue))"
        }
        return line
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

    /// B − A at a percentile as a share of A's value: `+712.3%`.
    static func changeText(_ comparison: Comparison, _ delta: Comparison.Delta) -> String {
        comparison.relativeChange(atPercent: delta.percent).map { NumberText.fixed($0, digits: 1, signed: true) + "%" } ?? ""
    }

    static func pText(_ p: Double) -> String {
        p < 0.001 ? "p < 0.001" : "p = " + String(format: "%.3f", p)
    }

    /// `12.3 ms`, or nothing for no value.
    package static func milliseconds(_ value: Double?) -> String {
        guard let value else { return "" }
        return NumberText.fixed(value, digits: 1) + " ms"
    }

    /// `+749.7 ms`, always with a sign.
    package static func signedMilliseconds(_ value: Double) -> String {
        NumberText.fixed(value, digits: 1, signed: true) + " ms"
    }
}
