import Foundation

/// `compare` output: a table for people, CSV, and the JSON object of docs/latencies.md.
package enum ComparisonReport {
    static func statisticName(_ percent: Double) -> String { "p\(Int(percent))" }

    // MARK: JSON

    /// One object for one comparison (docs/latencies.md); with several B
    /// values against one baseline, `{"baseline": A, "comparisons": [...]}`.
    package static func json(_ run: Comparer.Run) -> String {
        let objects = run.comparisons.map { jsonObject($0, run: run) }
        guard objects.count > 1 else { return (objects.first ?? .array([])).text + "\n" }
        return JSONValue.object([("baseline", .string(run.comparisons[0].a.label)), ("comparisons", .array(objects))])
            .text + "\n"
    }

    /// The same objects, one comparison a line (newline-delimited JSON).
    package static func ndjson(_ run: Comparer.Run) -> String {
        run.comparisons.map { jsonObject($0, run: run).text + "\n" }.joined()
    }

    static func jsonObject(_ comparison: Comparison, run: Comparer.Run) -> JSONValue {
        let selection = run.request.selection
        func group(_ summary: Comparison.GroupSummary) -> JSONValue {
            var members: [(String, JSONValue)] = [("label", .string(summary.label)), ("n", .integer(summary.n))]
            for (percent, value) in zip(Comparison.percents, summary.percentiles) {
                members.append(("\(statisticName(percent))_ms", .number(value)))
            }
            members.append(("max_ms", .number(summary.max)))
            return .object(members)
        }
        let deltas: [(String, JSONValue)] = comparison.deltas.map { delta in
            let interval = try? delta.interval.get()
            return ("\(statisticName(delta.percent))_ms", .object([
                ("estimate", .number(delta.estimate)),
                ("ci_low", .number(interval?.low)),
                ("ci_high", .number(interval?.high)),
                ("mark", .string(delta.mark.rawValue)),
            ]))
        }
        let test = try? comparison.mannWhitney.get()
        var members: [(String, JSONValue)] = [
            ("metric", .string(selection.metric.rawValue)),
            ("by", .string(selection.by)),
            ("a", group(comparison.a)),
            ("b", group(comparison.b)),
            ("delta", .object(deltas)),
            ("mann_whitney", .object([("u", .number(test?.u)), ("p", .number(test?.p)),
                                      ("smallest_possible_p", .number(test?.smallestPossibleP))])),
            ("alpha", .number(comparison.options.alpha)),
            ("verdict", .string(comparison.verdict.rawValue)),
            ("unit", .string(comparison.options.unit.rawValue)),
            ("sessions", sessionsObject(comparison)),
            ("seed", .integer(Int(truncatingIfNeeded: comparison.options.seed))),
            ("filters", .object(filters(selection).map { ($0.0, .string($0.1)) })),
        ]
        if let paired = comparison.paired {
            let median = try? paired.median.get()
            let wilcoxon = try? paired.wilcoxon.get()
            members.append(("paired", .object([
                ("n", .integer(paired.differences.count)),
                ("median_difference_ms", .object([
                    ("estimate", .number(Percentile.of(sorted: paired.differences, percent: 50))),
                    ("ci_low", .number(median?.low)),
                    ("ci_high", .number(median?.high)),
                ])),
                ("wilcoxon", .object([
                    ("statistic", .number(wilcoxon?.statistic)),
                    ("p", .number(wilcoxon?.p)),
                    ("method", wilcoxon.map { .string($0.method.rawValue) } ?? .null),
                    ("zeros_dropped", wilcoxon.map { .integer($0.zerosDropped) } ?? .null),
                ])),
                ("sessions", pairedSessionsObject(paired)),
            ])))
        }
        members.append(("notes", .array(comparison.notes.map { .string($0) })))
        return .object(members)
    }

    /// `"sessions"`: counts, the test on per-session medians, ICC(1), design
    /// effects and effective n (docs/latencies.md).
    static func sessionsObject(_ comparison: Comparison) -> JSONValue {
        let level = comparison.sessionLevel
        let test = try? level.test.get()
        let clustering = level.clustering
        return .object([
            ("a", .integer(comparison.a.sessions)),
            ("b", .integer(comparison.b.sessions)),
            ("test", sessionTestObject(level)),
            ("mann_whitney", MannWhitneyResult.sessionTestObject(test, of: "session medians")),
            ("interval", SessionBootstrap.jsonObject(comparison.options.unit == .session
                ? comparison.deltas.compactMap { try? $0.interval.get() } : [])),
            ("icc", .number(clustering.icc)),
            ("design_effect", .object([("a", .number(clustering.designEffects[0])),
                                       ("b", .number(clustering.designEffects[1]))])),
            ("effective_n", .object([("a", .number(clustering.effectiveN[0])),
                                     ("b", .number(clustering.effectiveN[1]))])),
            ("medians_ms", .object([("a", .array(level.mediansA.map { .number($0) })),
                                    ("b", .array(level.mediansB.map { .number($0) }))])),
            ("sizes", .object([("a", .array(level.sizesA.map { .integer($0) })),
                               ("b", .array(level.sizesB.map { .integer($0) }))])),
        ])
    }

    /// `"sessions"."test"`: the test the unpaired verdict follows, Welch's t
    /// on session mean log latency (`name` "welch_t") or, when it cannot run,
    /// Mann–Whitney on the session medians (`name` "mann_whitney").
    static func sessionTestObject(_ level: Comparison.SessionLevel) -> JSONValue {
        switch level.decidingTest {
        case .welch(let test)?:
            return .object([("name", .string(WelchTest.name)), ("t", .number(test.t)),
                            ("df", .number(test.degreesOfFreedom)), ("p", .number(test.p)),
                            ("of", .string("session mean log latency"))])
        case .mannWhitney(let test)?:
            return MannWhitneyResult.sessionTestObject(test, of: "session medians")
        case nil:
            return MannWhitneyResult.sessionTestObject(nil, of: "session medians")
        }
    }

    /// The paired analysis at session level: Wilcoxon on each session's median difference.
    static func pairedSessionsObject(_ paired: Comparison.Paired) -> JSONValue {
        let test = try? paired.sessionWilcoxon?.get()
        return .object([
            ("n", .integer(paired.sessionMedians.count)),
            ("median_differences_ms", .array(paired.sessionMedians.map { .number($0) })),
            ("wilcoxon", .object([
                ("statistic", .number(test?.statistic)),
                ("p", .number(test?.p)),
                ("method", test.map { .string($0.method.rawValue) } ?? .null),
                ("smallest_possible_p", .number(test?.smallestPossibleP)),
            ])),
        ])
    }

    /// The selection's filters that were given, as (name, value): `[("event", "touchDown")]`.
    package static func filters(_ selection: ComparisonSelection) -> [(String, String)] {
        [("target", selection.target), ("event", selection.event), ("via", selection.via),
         ("region", selection.region), ("experiment", selection.experiment), ("variant", selection.variant)]
            .compactMap { name, value in value.map { (name, $0) } }
            + selection.conditions.map { ($0.key, $0.values.joined(separator: ",")) }
    }

    // MARK: CSV

    /// One row per statistic (p50 … p99, max) per comparison.
    package static func csv(_ run: Comparer.Run) -> String {
        var lines = ["metric,by,a,b,statistic,a_ms,b_ms,delta_ms,ci_low_ms,ci_high_ms,change_pct,n_a,n_b,u,p,alpha,verdict,"
            + "unit,sessions_a,sessions_b,sessions_u,sessions_p,icc,mark,sessions_test,sessions_test_p"]
        for comparison in run.comparisons {
            let test = try? comparison.mannWhitney.get()
            let sessionTest = try? comparison.sessionLevel.test.get()
            let decidingName = comparison.decidingTestName ?? "", decidingP = comparison.decidingTest?.p
            func row(_ statistic: String, _ a: Double?, _ b: Double?, _ delta: Double?,
                     _ interval: BootstrapInterval?, _ change: Double?, _ mark: String) -> String {
                ([run.request.selection.metric.rawValue, run.request.selection.by, comparison.a.label,
                  comparison.b.label, statistic].map(CSVField.encode)
                    + [a, b, delta, interval?.low, interval?.high, change].map(csvNumber)
                    + [String(comparison.a.n), String(comparison.b.n), csvNumber(test?.u), csvNumber(test?.p),
                       csvNumber(comparison.options.alpha), CSVField.encode(comparison.verdict.rawValue),
                       comparison.options.unit.rawValue, String(comparison.a.sessions), String(comparison.b.sessions),
                       csvNumber(sessionTest?.u), csvNumber(sessionTest?.p),
                       csvNumber(comparison.sessionLevel.clustering.icc), CSVField.encode(mark), decidingName,
                       csvNumber(decidingP)])
                    .joined(separator: ",")
            }
            for (index, delta) in comparison.deltas.enumerated() {
                lines.append(row(statisticName(delta.percent), comparison.a.percentiles[index],
                                 comparison.b.percentiles[index], delta.estimate, try? delta.interval.get(),
                                 comparison.relativeChange(atPercent: delta.percent), delta.mark.rawValue))
            }
            let maxDelta = comparison.a.max.flatMap { a in comparison.b.max.map { $0 - a } }
            lines.append(row("max", comparison.a.max, comparison.b.max, maxDelta, nil, nil, ""))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func csvNumber(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return NumberText.shortest(value)
    }
}
