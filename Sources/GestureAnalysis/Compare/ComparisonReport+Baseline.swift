import GestureTrace

extension ComparisonReport {
    /// Several groups against one baseline, benchstat-style: one column of
    /// values a group, and beside each B its difference from A, the
    /// interval and the percentile's own mark.
    ///
    /// ```
    ///              A: 40     B: 41     B − A     95% CI             change
    /// n            600       600
    /// p95          7.7 ms    63.0 ms   +55.3 ms  [+49.1, +57.2] ms  +718.2%  slower
    /// ```
    static func baselineTable(_ comparisons: [Comparison]) -> String {
        guard let baseline = comparisons.first?.a else { return "" }
        var header = ["", "A: \(baseline.label)"]
        var alignments: [TextTable.Alignment] = [.left, .right]
        for comparison in comparisons {
            header += ["B: \(comparison.b.label)", "B − A", "95% CI", "change", ""]
            alignments += [.right, .right, .left, .right, .left]
        }
        var rows = [header]
        rows.append(["n", String(baseline.n)] + comparisons.flatMap { [String($0.b.n), "", "", "", ""] })
        rows.append(["sessions", String(baseline.sessions)] + comparisons.flatMap { [String($0.b.sessions), "", "", "", ""] })
        for (index, percent) in Comparison.percents.enumerated() {
            var row = [statisticName(percent), milliseconds(baseline.percentiles[index])]
            for comparison in comparisons {
                let delta = comparison.deltas[index]
                row += [milliseconds(comparison.b.percentiles[index]), delta.estimate.map(signedMilliseconds) ?? "",
                        intervalText(delta.interval), changeText(comparison, delta), markText(delta.mark)]
            }
            rows.append(row)
        }
        rows.append(["max", milliseconds(baseline.max)] + comparisons.flatMap { [milliseconds($0.b.max), "", "", "", ""] })
        var table = TextTable(alignments: alignments, separator: "   ")
        for row in rows { table.append(row) }
        return table.text
    }

    /// `[+49.1 ms, +57.2 ms]`, or what the interval needed.
    static func intervalText(_ interval: Result<BootstrapInterval, InsufficientData>) -> String {
        switch interval {
        case .success(let bounds): "[\(signedMilliseconds(bounds.low)), \(signedMilliseconds(bounds.high))]"
        case .failure(let reason): "(need \(reason.needed) values)"
        }
    }

    /// A percentile's mark as a table shows it: `slower`, `faster` or `~`.
    static func markText(_ mark: Comparison.Verdict) -> String { mark.rawValue }
}
