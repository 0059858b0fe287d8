import Foundation
import GestureAnalysis

extension CalibrationStudy.Result {
    /// The study as Markdown: a summary of the ranges, then one table for
    /// latency scenarios and one for rates. Shares are percentages with
    /// their Monte Carlo SE (±); widths are mean width / ideal.
    package var markdown: String {
        var text = "## Calibration of compare's session-level intervals and tests\n\n"
        text += "Interval: \(SessionBootstrap.methodName); test of the verdict: Welch's t on per-session mean "
            + "log latency (Mann–Whitney on session medians shown beside it). \(options.datasets) data sets a scenario, "
            + "seed \(options.seed), replicates: "
            + (options.replicates.map { "\($0)" } ?? "compare's default (adaptive)") + ". "
            + "A coverage of 95 % over \(options.datasets) data sets has a Monte Carlo SE of "
            + String(format: "%.1f", (0.95 * 0.05 / Double(options.datasets)).squareRoot() * 100)
            + " points; a rejection rate of 5 %, " + String(format: "%.1f", (0.05 * 0.95 / Double(options.datasets)).squareRoot() * 100)
            + ". Took " + String(format: "%.0f", seconds) + " s.\n\n"
        text += summary + "\n"
        text += "| shape | effect | sessions | touches | ICC | cover p50 | cover p90 | cover p95 | cover p99 "
            + "| width p50 | width p95 | width p99 | reject MW | reject Welch (verdict) |\n"
        text += "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for row in latency {
            let s = row.scenario
            var cells = [s.shape.rawValue, s.effect.rawValue, "\(s.sessions)", "\(s.touches)", Self.number(s.icc)]
            cells += row.coverage.map(Self.percent)
            cells += [0, 2, 3].map { Self.ratio(row.width[$0]) }
            cells += [Self.percent(row.mannWhitney), Self.percent(row.welch)]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        if !rates.isEmpty {
            text += "\n| rate effect | sessions | touches | ICC | cover rate | width rate | reject MW |\n"
            text += "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
            for row in rates {
                let s = row.scenario
                let cells = [s.effect.rawValue, "\(s.sessions)", "\(s.touches)", Self.number(s.icc),
                             Self.percent(row.coverage), Self.ratio(row.width), Self.percent(row.mannWhitney)]
                text += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return text
    }

    /// Ranges over the grid: coverage by percentile for 3 sessions and for
    /// 5 or more, the width at ICC 0, the tests' rejection under the null.
    package var summary: String {
        var lines = ["| over the grid | p50 | p90 | p95 | p99 | rate |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
        for (title, keep) in [("coverage, 3 sessions a group", { (k: Int) in k == 3 }),
                              ("coverage, 5+ sessions a group", { (k: Int) in k >= 5 })] {
            let rows = latency.filter { keep($0.scenario.sessions) }
            let rateRows = rates.filter { keep($0.scenario.sessions) }
            var cells = (0..<4).map { index in Self.range(rows.map { $0.coverage[index].value }) }
            cells.append(Self.range(rateRows.map(\.coverage.value)))
            lines.append("| \(title) | " + cells.joined(separator: " | ") + " |")
        }
        let flat = latency.filter { $0.scenario.icc == 0 }
        var widths = (0..<4).map { index in Self.range(flat.map { $0.width[index].value }, percent: false) }
        widths.append(Self.range(rates.filter { $0.scenario.icc == 0 }.map(\.width.value), percent: false))
        lines.append("| width / ideal, ICC 0 | " + widths.joined(separator: " | ") + " |")
        let null = latency.filter { $0.scenario.effect == .null }
        let nullRates = rates.filter { $0.scenario.effect == .null }
        lines.append("| reject under null, per scenario: Welch (verdict) \(Self.range(null.map(\.welch.value))), "
            + "MW \(Self.range(null.map(\.mannWhitney.value))), rate MW "
            + "\(Self.range(nullRates.map(\.mannWhitney.value))) | | | | | |")
        lines.append("| reject under null, all null data sets: Welch (verdict) \(Self.percent(Self.pooled(null.map(\.welch)))), "
            + "MW \(Self.percent(Self.pooled(null.map(\.mannWhitney)))), rate MW "
            + "\(Self.percent(Self.pooled(nullRates.map(\.mannWhitney)))); "
            + "the highest of \(null.count) scenarios at a true 5 % would be about "
            + String(format: "%.1f", Self.expectedHighestShare(scenarios: null.count, datasets: options.datasets) * 100)
            + " % by chance | | | | | |")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every scenario's data sets counted as one share.
    static func pooled(_ shares: [CalibrationStudy.Share]) -> CalibrationStudy.Share {
        CalibrationStudy.Share(hits: shares.reduce(0) { $0 + $1.hits }, of: shares.reduce(0) { $0 + $1.of })
    }

    /// The expected largest of `scenarios` independent rejection rates at a
    /// true 5 % over `datasets` data sets each: 5 % plus Blom's expected
    /// largest of that many standard normals times the rate's SE.
    static func expectedHighestShare(scenarios: Int, datasets: Int) -> Double {
        guard scenarios > 0, datasets > 0 else { return .nan }
        let n = Double(scenarios)
        let largestNormal = NormalDistribution.quantile((n - 0.375) / (n + 0.25))
        return 0.05 + largestNormal * (0.05 * 0.95 / Double(datasets)).squareRoot()
    }

    static func percent(_ share: CalibrationStudy.Share) -> String {
        guard share.of > 0 else { return "–" }
        return String(format: "%.1f ±%.1f", share.value * 100, share.standardError * 100)
    }

    static func ratio(_ ratio: CalibrationStudy.WidthRatio) -> String {
        ratio.value.isFinite ? String(format: "%.2f ±%.2f", ratio.value, ratio.standardError) : "–"
    }

    static func number(_ value: Double) -> String { String(format: "%g", value) }

    static func range(_ values: [Double], percent: Bool = true) -> String {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return "–" }
        return percent ? String(format: "%.1f–%.1f %%", low * 100, high * 100) : String(format: "%.2f–%.2f×", low, high)
    }
}
