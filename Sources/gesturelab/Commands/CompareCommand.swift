import ArgumentParser
import GestureAnalysis
import GestureTrace

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare latencies or touch outcomes between groups: percentiles or rates, tests.",
        discussion: """
            Splits the latencies by KEY: a session configuration key (deferred_edges,
            delays_content_touches, build, …), a session attribute (experiment, variant,
            capture, day, device.model, device.os, app.name, app.version, app.build), or
            via (the delivery channel), region, target or event. `gesturelab sessions`
            lists each session's attributes and config keys. Without --a/--b, a key with
            two values compares them (a baseline-looking value such as none, false, off or
            center is A, else the first in sort order); with more, each value is compared
            against that baseline, or against --a when given alone, side by side in one
            table as benchstat does. --where KEY=… with several values of the split's own
            key chooses which groups take part.

            A latency means one event: when the selected deliveries hold more than one
            (touchDown and touchUpInside, say) and --by is not event, name one with
            --event; the refusal lists the events and their counts. --where KEY=V[,V…]
            (repeatable) keeps only sessions whose KEY has one of the values.

            Sessions, not touches, are the unit (--unit session, the default): touches of
            one session share a device, a person and a moment, so they are not independent.
            For each group: n, sessions, p50, p90, p95, p99, max. For B against A: the
            difference at each percentile with a 95% session-level interval
            (sessions-bootstrap-log-se-t: a t interval on the standard error of a
            bootstrap of whole sessions, taken from the log of each percentile,
            Welch–Satterthwaite degrees of freedom; 500 replicates a group, or more until
            each endpoint's Monte Carlo SE is at most 2% of the width; deterministic for
            --seed); Welch's t on each session's mean log latency (as
            scipy.stats.ttest_ind(b, a, equal_var=False)), with Mann–Whitney U on the
            per-session medians beside it (it decides when a latency is 0 ms, which has no
            log); ICC(1), each group's design effect and effective n; and a verdict from
            that test: faster, slower, or ~ (no significant difference at --alpha, or one
            session a group: no session-level inference). After a ~, a note says how many
            sessions a group would detect a 10% and a 25% change, from the spread between
            the sessions measured.
            Each percentile row carries its own mark from its own interval: slower when the
            whole B − A interval lies above 0, faster when below, else ~. The pooled
            Mann–Whitney over all touches is printed for reference, labelled so. --unit
            touch treats every value as independent (one session's data, or by choice),
            with the pooled test as the verdict and a one-stage bootstrap. Splitting by via
            also analyses the touches heard on both channels as pairs (Wilcoxon
            signed-rank, as scipy.stats.wilcoxon with its defaults), and at session level
            each session's median difference. Too few values or sessions for a test or an
            interval is said in a note, and so is a group drawing on sessions whose
            recorder dropped events.

            --metric reached and --metric false-start compare touch outcomes as rates.
            reached: of the touch-downs with a nearest declared target, the share that
            reached it (the hit-test chose it, or without a recorded hit, the touch-down
            lay in its hit area). false-start: of the (touch, target) pairs with a start
            (touchesBegan, touchDown or a recognizer's began), the share cancelled before
            any end; --event then names the start's event. For each group: n, k, the rate
            and its 95% Wilson interval. By session (the default): B − A with the
            session-level interval of the pooled rates
            (sessions-bootstrap-se-t), Mann–Whitney on the per-session rates,
            and Fisher's exact test on the pooled touches for reference. --unit touch:
            Newcombe's hybrid score interval for B − A and Fisher's exact test (two-sided,
            as scipy.stats.fisher_exact). The verdict is better (more touches reached,
            fewer false starts), worse, or ~.

            The budget: --fail-if-slower PCT --at pXX (p95 by default) exits with status 3
            when, for some B, the pXX row is marked slower and B's pXX exceeds A's by more
            than PCT percent; each such B is named on standard error. A regression only in
            the tail trips a p95 budget; one only at the median does not.

            Examples:
              gesturelab compare --by deferred_edges --event touchDown \\
                  --region bottom,bottom-right
              gesturelab compare --by app.build --event touchDown --a 41 --b 42 \\
                  --fail-if-slower 10 --at p95
              gesturelab compare --by device.model --event touchDown \\
                  --where deferred_edges=none
              gesturelab compare --by via --a observer --b target-action \\
                  --event began --variant ipad
              gesturelab compare --by delays_content_touches --event touchesBegan \\
                  --format json
              gesturelab compare --by app.build --event touchDown \\
                  --where app.build=40,41,42,43
              gesturelab compare --by hit_area --a frame --b 44pt --metric reached \\
                  --target icon3
              gesturelab compare --by delays_content_touches --metric false-start \\
                  --event touchesBegan --unit touch
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp(
        "What splits the groups: a config key, a session attribute (variant, device.model, app.build, …), via, region, "
            + "target or event.",
        valueName: "key"))
    var by: String

    @OptionGroup var comparison: ComparisonOptions

    // `.unconditional`: a value such as -5 is the option's (and refused as
    // negative), not taken for an option and reported as missing.
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "A CI latency budget: exit 3 when B's --at percentile is marked slower (its whole B − A interval above 0) and "
            + "exceeds A's by more than this percentage.",
        valueName: "pct"))
    var failIfSlower: Double?

    @Option(help: ArgumentHelp("The percentile the budget is judged at: p50, p90, p95 (default) or p99 (with --fail-if-slower).",
                               valueName: "percentile"))
    var at: String?

    @Option(help: ArgumentHelp("table, csv, json (one object; for several comparisons "
        + "{\"baseline\": …, \"comparisons\": […]}) or ndjson (one comparison a line)."))
    var format: OutputFormat = .table

    func validate() throws {
        if budgetPercent == nil { throw ValidationError("--at takes p50, p90, p95 or p99, not \(at ?? "").") }
        if at != nil, failIfSlower == nil { throw ValidationError("--at names where --fail-if-slower applies: give both.") }
        // NaN and infinity would make every comparison pass the budget.
        if let failIfSlower, !(failIfSlower >= 0 && failIfSlower.isFinite) {
            throw ValidationError("--fail-if-slower takes a finite percentage ≥ 0, not \(failIfSlower).")
        }
        if failIfSlower != nil, let outcome = comparison.metric.outcome {
            throw ValidationError("--fail-if-slower is a latency budget; --metric \(outcome.rawValue) has none.")
        }
    }

    private var budgetPercent: Double? {
        ["p50": 50, "p90": 90, "p95": 95, "p99": 99][at ?? "p95"]
    }

    func run() throws {
        let selection = try comparison.selection(by: by)
        let request = Comparer.Request(selection: selection, a: comparison.a, b: comparison.b,
                                       options: comparison.analysisOptions)
        if selection.outcome != nil {
            let run = try database.read { db in try Comparer.runProportions(request, in: db) }
            let output = TextOutput.standardOutput()
            switch format {
            case .json: try output.write(ProportionReport.json(run))
            case .ndjson: try output.write(ProportionReport.ndjson(run))
            case .csv: try output.write(ProportionReport.csv(run))
            case .table: try output.write(ProportionReport.table(run))
            }
            try output.flush()
            return
        }
        let run = try database.read { db in try Comparer.run(request, in: db) }
        let output = TextOutput.standardOutput()
        switch format {
        case .json: try output.write(ComparisonReport.json(run))
        case .ndjson: try output.write(ComparisonReport.ndjson(run))
        case .csv: try output.write(ComparisonReport.csv(run))
        case .table: try output.write(ComparisonReport.table(run))
        }
        try output.flush()

        if let failIfSlower, let percent = budgetPercent {
            let over = run.comparisons.filter { $0.exceedsBudget(percentLimit: failIfSlower, atPercent: percent) }
            for comparison in over {
                let change = comparison.relativeChange(atPercent: percent) ?? 0
                StandardErrorWriter.line("latency budget exceeded: \(TerminalText.escaped(comparison.b.label)) is "
                    + "\(String(format: "%.1f", change))% slower than \(TerminalText.escaped(comparison.a.label)) at "
                    + "\(at ?? "p95") (limit \(failIfSlower)%)")
            }
            if !over.isEmpty { throw ExitCode(3) }
        }
    }
}
