import Foundation
import GestureTrace

/// `compare --metric reached|false-start` output: a table for people, CSV,
/// and the proportion object of docs/outcomes.md.
package enum ProportionReport {
    // MARK: JSON

    /// One object for one comparison; with several B values against one
    /// baseline, `{"baseline": A, "comparisons": [...]}` as for latencies.
    package static func json(_ run: Comparer.ProportionRun) -> String {
        let objects = run.comparisons.map { jsonObject($0, run: run) }
        guard objects.count > 1 else { return (objects.first ?? .array([])).text + "\n" }
        return JSONValue.object([("baseline", .string(run.comparisons[0].a.label)), ("comparisons", .array(objects))])
            .text + "\n"
    }

    /// The same objects, one comparison a line (newline-delimited JSON).
    package static func ndjson(_ run: Comparer.ProportionRun) -> String {
        run.comparisons.map { jsonObject($0, run: run).text + "\n" }.joined()
    }

    /// The keys the contract fixes, in its order, then `by`, `seed`, `filters` and `notes` as the latency object has.
    static func jsonObject(_ comparison: ProportionComparison, run: Comparer.ProportionRun) -> JSONValue {
        let selection = run.request.selection
        func group(_ group: ProportionComparison.GroupRate) -> JSONValue {
            let interval = try? group.wilson.get()
            return .object([
                ("label", .string(group.label)), ("n", .integer(group.trials)), ("k", .integer(group.successes)),
                ("rate", .number(group.rate)), ("ci_low", .number(interval?.lower)), ("ci_high", .number(interval?.upper)),
            ])
        }
        let delta = try? comparison.delta.get()
        let test = try? comparison.sessionTest.get()
        return .object([
            ("metric", .string(comparison.metric.rawValue)),
            ("unit", .string(comparison.options.unit.rawValue)),
            ("alpha", .number(comparison.options.alpha)),
            ("verdict", .string(comparison.verdict.rawValue)),
            ("a", group(comparison.a)),
            ("b", group(comparison.b)),
            ("delta", .object([("rate", .object([
                ("estimate", .number(comparison.difference)), ("ci_low", .number(delta?.low)),
                ("ci_high", .number(delta?.high)),
            ]))])),
            ("fisher", .object([("odds_ratio", .number(comparison.fisher.oddsRatioBOverA)),
                                ("p", .number(comparison.fisher.p))])),
            ("sessions", .object([
                ("a", .integer(comparison.a.sessions)),
                ("b", .integer(comparison.b.sessions)),
                ("test", MannWhitneyResult.sessionTestObject(test, of: "session rates")),
                ("interval", SessionBootstrap.jsonObject(comparison.options.unit == .session ? delta.map { [$0] } ?? [] : [],
                                                        method: SessionBootstrap.rateMethodName)),
                ("rates", .object([("a", .array(comparison.sessionRatesA.map { .number($0) })),
                                   ("b", .array(comparison.sessionRatesB.map { .number($0) }))])),
            ])),
            ("by", .string(selection.by)),
            ("seed", .integer(Int(truncatingIfNeeded: comparison.options.seed))),
            ("filters", .object(ComparisonReport.filters(selection).map { ($0.0, .string($0.1)) })),
            ("notes", .array(comparison.notes.map { .string($0) })),
        ])
    }

    // MARK: CSV

    /// One row per comparison.
    package static func csv(_ run: Comparer.ProportionRun) -> String {
        var lines = ["metric,by,a,b,n_a,k_a,rate_a,ci_low_a,ci_high_a,n_b,k_b,rate_b,ci_low_b,ci_high_b,"
            + "delta,delta_ci_low,delta_ci_high,odds_ratio,fisher_p,alpha,verdict,unit,sessions_a,sessions_b,"
            + "sessions_u,sessions_p"]
        let number = ComparisonReport.csvNumber
        for comparison in run.comparisons {
            let delta = try? comparison.delta.get()
            let test = try? comparison.sessionTest.get()
            var cells = [comparison.metric.rawValue, run.request.selection.by, comparison.a.label, comparison.b.label]
                .map(CSVField.encode)
            for group in [comparison.a, comparison.b] {
                let interval = try? group.wilson.get()
                cells += [String(group.trials), String(group.successes), number(group.rate), number(interval?.lower),
                          number(interval?.upper)]
            }
            cells += [number(comparison.difference), number(delta?.low), number(delta?.high),
                      oddsRatioCSV(comparison.fisher.oddsRatioBOverA), number(comparison.fisher.p),
                      number(comparison.options.alpha), CSVField.encode(comparison.verdict.rawValue),
                      comparison.options.unit.rawValue, String(comparison.a.sessions), String(comparison.b.sessions),
                      number(test?.u), number(test?.p)]
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// `inf` for an infinite odds ratio (a number readers parse), empty when undefined.
    static func oddsRatioCSV(_ value: Double) -> String {
        value == .infinity ? "inf" : ComparisonReport.csvNumber(value)
    }

    // MARK: Table

    /// The comparison for people: counts and rates side by side, B − A in
    /// percentage points with its interval, the verdict and the notes.
    package static func table(_ run: Comparer.ProportionRun) -> String {
        let run = run.escapedForTerminal
        let selection = run.request.selection
        var text = "\(title(selection.outcome ?? .reached)) by \(selection.by)"
        if let note = run.choiceNote { text += ": \(note)" }
        text += "\n"
        let filterText = ComparisonReport.filters(selection).map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        if !filterText.isEmpty { text += "only \(filterText)\n" }
        for comparison in run.comparisons {
            text += "\n" + table(comparison)
        }
        text += "\n" + methodLine(run.request.options) + "\n"
        return text
    }

    /// `touches reaching their nearest target`, `false starts among starts`.
    static func title(_ metric: OutcomeMetric) -> String {
        switch metric {
        case .reached: "touches reaching their nearest target"
        case .falseStart: "false starts among starts"
        }
    }

    /// How the intervals and the test were made, for the unit in use.
    package static func methodLine(_ options: Comparison.Options) -> String {
        let confidence = Int((options.confidence * 100).rounded())
        switch options.unit {
        case .session:
            return "unit: session. \(confidence)% intervals: Wilson for each rate; B − A by \(SessionBootstrap.rateMethodName) "
                + "(t on the standard error of a bootstrap of whole sessions' pooled rates), "
                + "\(SessionBootstrap.replicateText(options)), seed \(options.seed); test: Mann–Whitney on the session rates."
        case .touch:
            return "unit: touch (every touch taken as independent). \(confidence)% intervals: Wilson for each rate, "
                + "Newcombe's hybrid score interval for B − A; test: Fisher's exact, two-sided."
        }
    }

    static func table(_ comparison: ProportionComparison) -> String {
        let metric = comparison.metric
        var rows: [[String]] = [["", "A: \(comparison.a.label)", "B: \(comparison.b.label)", "B − A", "95% CI", ""]]
        rows.append([metric.trialNoun, String(comparison.a.trials), String(comparison.b.trials), "", "", ""])
        rows.append(["sessions", String(comparison.a.sessions), String(comparison.b.sessions), "", "", ""])
        rows.append([metric.countedNoun, String(comparison.a.successes), String(comparison.b.successes), "", "", ""])
        var interval = ""
        var significant = false
        switch comparison.delta {
        case .success(let bounds):
            interval = "[\(signedPoints(bounds.low)), \(signedPoints(bounds.high))] pp"
            significant = bounds.low > 0 || bounds.high < 0
        case .failure(let reason) where comparison.a.trials > 0 && comparison.b.trials > 0:
            interval = comparison.options.unit == .session ? "(need \(reason.needed) sessions a group)" : ""
        case .failure:
            break
        }
        rows.append(["rate", rateText(comparison.a), rateText(comparison.b),
                     comparison.difference.map { signedPoints($0) + " pp" } ?? "", interval, significant ? "" : "~"])
        var table = TextTable(alignments: [.left, .right, .right, .right, .left, .right], separator: "   ")
        for row in rows { table.append(row) }
        var text = table.text
        text += "\n" + verdictLine(comparison) + "\n"
        if comparison.options.unit == .session { text += pooledLine(comparison) + "\n" }
        for note in comparison.notes {
            text += "note: \(note)\n"
        }
        return text
    }

    /// The verdict and its test in one line:
    /// `B is better than A: Mann–Whitney on session rates U = 0, p = 0.029 (exact; 4 vs 4 sessions, alpha 0.05)`.
    package static func verdictLine(_ comparison: ProportionComparison) -> String {
        let unit = comparison.options.unit
        let canBeSignificant = unit == .touch || (try? comparison.sessionTest.get())
            .map { $0.smallestPossibleP < comparison.options.alpha } ?? false
        let sentence = switch comparison.verdict {
        case .better: "B is better than A"
        case .worse: "B is worse than A"
        case .noDifference where unit == .session && !comparison.hasReplication: "~ no session-level inference"
        case .noDifference where !canBeSignificant: "~ too few sessions for a significant result"
        case .noDifference: "~ no significant difference"
        }
        let alpha = "alpha \(NumberText.shortest(comparison.options.alpha))"
        switch unit {
        case .touch:
            guard comparison.a.trials > 0, comparison.b.trials > 0 else {
                return "~ no test: a group has no \(comparison.metric.trialNoun) "
                    + "(n = \(comparison.a.trials) vs \(comparison.b.trials))"
            }
            return "\(sentence): \(fisherText(comparison.fisher)) (\(comparison.metric.trialNoun) pooled: n = \(comparison.a.trials) vs "
                + "\(comparison.b.trials), \(alpha))"
        case .session:
            guard case .success(let test) = comparison.sessionTest else {
                return "~ no test: a group has no sessions (\(comparison.a.sessions) vs \(comparison.b.sessions))"
            }
            return "\(sentence): Mann–Whitney on session rates U = \(NumberText.shortest(test.u)), "
                + "\(ComparisonReport.pText(test.p)) (\(test.method.rawValue); \(comparison.a.sessions) vs "
                + "\(comparison.b.sessions) sessions, \(alpha))"
        }
    }

    /// The pooled test and interval, labelled as such.
    package static func pooledLine(_ comparison: ProportionComparison) -> String {
        let pooled = "\(comparison.metric.trialNoun) pooled"
        guard comparison.a.trials > 0, comparison.b.trials > 0 else { return "\(pooled): no test" }
        var line = "\(pooled) (not independent; for reference only): \(fisherText(comparison.fisher))"
        if case .success(let newcombe) = comparison.newcombe {
            line += "; Newcombe B − A [\(signedPoints(newcombe.lower)), \(signedPoints(newcombe.upper))] pp"
        }
        return line + " (n = \(comparison.a.trials) vs \(comparison.b.trials))"
    }

    /// `Fisher's exact p = 0.028, odds ratio B/A 5.9`.
    static func fisherText(_ fisher: FisherExactTest) -> String {
        let ratio = fisher.oddsRatioBOverA
        let odds = ratio.isNaN ? "undefined" : ratio == .infinity ? "∞" : String(format: "%.3g", ratio)
        return "Fisher's exact \(ComparisonReport.pText(fisher.p)), odds ratio B/A \(odds)"
    }

    /// `80.0% [72.0%, 86.2%]`, or nothing without touches.
    static func rateText(_ group: ProportionComparison.GroupRate) -> String {
        guard case .success(let interval) = group.wilson else { return "" }
        return String(format: "%.1f%% [%.1f%%, %.1f%%]", interval.rate * 100, interval.lower * 100, interval.upper * 100)
    }

    /// A difference of rates in percentage points, always signed: `+13.2`.
    static func signedPoints(_ fraction: Double) -> String {
        NumberText.fixed(fraction * 100, digits: 1, signed: true)
    }
}
