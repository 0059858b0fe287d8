import GestureAnalysis
import GestureTrace

/// Latency against percentile on the log(1/(1 − p)) axis for both groups,
/// with a marker at each percentile the table reports.
enum PercentilePlot {
    static func figure(_ section: ReportSection, id: String) -> Figure {
        let comparison = section.comparison
        let curves = [PercentileCurve(sorted: section.sortedA), PercentileCurve(sorted: section.sortedB)]
        let latencies = curves.flatMap { $0.points.map(\.latency) }
        let highest = latencies.max() ?? 1
        let ticks = NiceTicks(covering: LatencyAxis.lowerBound(latencies.min())...max(highest, 0.001), count: 5)
        let x = LinearScale(domain: 0...PercentileAxis.maximumPosition, range: (SVGFrame.plotLeft, SVGFrame.plotRight))
        let y = LinearScale(domain: ticks.domain, range: (SVGFrame.plotBottom, SVGFrame.plotTop))

        let describe = { (summary: Comparison.GroupSummary) -> String in
            "\(summary.label) (n = \(summary.n.grouped)): "
                + zip(Comparison.percents, summary.percentiles)
                .map { "p\(Int($0)) \(ReportFormat.milliseconds($1))" }.joined(separator: ", ")
        }
        let caption = "Latency at each percentile, 0 % to 99.9 %, on an axis spaced by log(1/(1 − p)). "
            + "A = \(describe(comparison.a)); B = \(describe(comparison.b))."
        var svg = SVGFrame.open(id: id, title: "Percentile distribution of \(section.metricName) latency", description: caption)
        svg += SVGFrame.xAxis(x, ticks: PercentileAxis.ticks.map {
            SVGFrame.Tick(value: PercentileAxis.position(percent: $0), label: PercentileAxis.label(percent: $0))
        }, label: "Percentile (log scale of 1/(1 − p))")
        svg += SVGFrame.yAxis(y, ticks: SVGFrame.latencyTicks(ticks), label: "Latency (ms)")
        for (group, curve, summary) in [("a", curves[0], comparison.a), ("b", curves[1], comparison.b)] {
            let points = curve.points.map { (x(PercentileAxis.position(percent: $0.percent)), y($0.latency)) }
            svg += "<path class=\"series \(group)\" d=\"\(SVGFrame.path(points))\"/>\n"
            for (percent, value) in zip(Comparison.percents, summary.percentiles) {
                guard let value else { continue }
                svg += "<circle class=\"marker \(group)\" data-group=\"\(group.uppercased())\" "
                    + "data-percent=\"\(Int(percent))\" data-value=\"\(XMLText.number(value))\" "
                    + "cx=\"\(XMLText.coordinate(x(PercentileAxis.position(percent: percent))))\" "
                    + "cy=\"\(XMLText.coordinate(y(value)))\" r=\"3\"><title>\(group.uppercased()) p\(Int(percent)): "
                    + "\(XMLText.escape(ReportFormat.milliseconds(value)))</title></circle>"
            }
            svg += "\n"
        }
        svg += SVGFrame.legend(a: comparison.a.label, b: comparison.b.label)
        return Figure(svg: svg, caption: caption)
    }
}
