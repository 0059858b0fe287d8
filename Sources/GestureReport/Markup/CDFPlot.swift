import GestureAnalysis
import GestureTrace

/// The two empirical cumulative distributions, latency across, fraction up.
/// The latency axis ends a little past the larger p99, so the body of the
/// distributions is readable; the caption says how many values lie beyond.
enum CDFPlot {
    static func figure(_ section: ReportSection, id: String) -> Figure {
        let comparison = section.comparison
        let cut = max(comparison.a.p99 ?? 0, comparison.b.p99 ?? 0) * 1.1
        let lowest = LatencyAxis.lowerBound([section.sortedA.first, section.sortedB.first].compactMap { $0 }.min())
        let ticks = NiceTicks(covering: lowest...max(cut, 0.001), count: 5)
        let x = LinearScale(domain: ticks.domain, range: (SVGFrame.plotLeft, SVGFrame.plotRight))
        let y = LinearScale(domain: 0...1, range: (SVGFrame.plotBottom, SVGFrame.plotTop))
        let beyond = [section.sortedA, section.sortedB].map { values in values.count - upperBound(values, ticks.domain.upperBound) }

        var caption = "Empirical cumulative distributions: the fraction of touches heard within each latency. "
            + "A (\(comparison.a.label)) reaches half at \(ReportFormat.milliseconds(comparison.a.p50)), "
            + "B (\(comparison.b.label)) at \(ReportFormat.milliseconds(comparison.b.p50))."
        if beyond.reduce(0, +) > 0 {
            caption += " The axis ends at \(XMLText.number(ticks.domain.upperBound)) ms; beyond it lie "
                + "\(beyond[0].grouped) of A's and \(beyond[1].grouped) of B's values."
        }
        var svg = SVGFrame.open(id: id, title: "Cumulative distribution of \(section.metricName) latency", description: caption)
        // 2 px of slack, so the steps at 0 % and 100 % are not cut in half.
        svg += SVGFrame.clipPath(id: "\(id)-clip", slack: 2)
        svg += SVGFrame.xAxis(x, ticks: SVGFrame.latencyTicks(ticks), label: "Latency (ms)")
        svg += SVGFrame.yAxis(y, ticks: [0, 0.25, 0.5, 0.75, 1].map {
            SVGFrame.Tick(value: $0, label: "\(Int($0 * 100))%")
        }, label: "Fraction of touches (%)")
        for (group, values) in [("a", section.sortedA), ("b", section.sortedB)] {
            let steps = EmpiricalCDF(sorted: values).steps
            guard let first = steps.first else { continue }
            var d = "M" + XMLText.coordinate(x(first.latency)) + " " + XMLText.coordinate(y(0))
            for step in steps {
                d += " H" + XMLText.coordinate(x(step.latency)) + " V" + XMLText.coordinate(y(step.fraction))
            }
            d += " H" + XMLText.coordinate(SVGFrame.plotRight + 2)
            svg += "<path class=\"series \(group) step\" clip-path=\"url(#\(id)-clip)\" d=\"\(d)\"/>\n"
        }
        svg += SVGFrame.legend(a: comparison.a.label, b: comparison.b.label)
        return Figure(svg: svg, caption: caption)
    }

    /// How many of the ascending `values` are at or below `limit`.
    static func upperBound(_ values: [Double], _ limit: Double) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= limit { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
