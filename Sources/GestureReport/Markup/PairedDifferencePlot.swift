import GestureAnalysis
import GestureTrace

/// For a `via` comparison: the per-touch differences B − A as a histogram,
/// with their median and its interval drawn over it.
enum PairedDifferencePlot {
    static func figure(_ section: ReportSection, paired: Comparison.Paired, id: String) -> Figure {
        let comparison = section.comparison
        let histogram = Histogram(sorted: paired.differences, binCount: 30)
        // The data's own range: forcing 0 in would squash a 749 ms lag into a sliver.
        let xTicks = NiceTicks(covering: histogram.start...histogram.lowerEdge(histogram.counts.count), count: 5)
        let x = LinearScale(domain: xTicks.domain, range: (SVGFrame.plotLeft, SVGFrame.plotRight))
        let yTicks = NiceTicks(covering: 0...Double(max(histogram.counts.max() ?? 1, 1)), count: 4)
        let y = LinearScale(domain: yTicks.domain, range: (SVGFrame.plotBottom, SVGFrame.plotTop))
        let median = Percentile.of(sorted: paired.differences, percent: 50)
        let interval = try? paired.median.get()

        var caption = "Per-touch differences, \(comparison.b.label) − \(comparison.a.label), of the "
            + "\(paired.differences.count.grouped) touches heard on both channels, in bins of \(XMLText.number(histogram.width)) ms"
        if let median { caption += "; median \(ComparisonReport.signedMilliseconds(median))" }
        if let interval {
            caption += ", 95 % interval [\(ComparisonReport.signedMilliseconds(interval.low)), "
                + "\(ComparisonReport.signedMilliseconds(interval.high))]"
        }
        caption += "."
        // The axis title does not wrap: each name cut to share the plot's width.
        func short(_ name: String) -> String { XMLText.shortened(name, to: SVGFrame.legendCharacters) ?? name }
        var svg = SVGFrame.open(id: id, title: "Paired differences, \(comparison.b.label) − \(comparison.a.label)",
                                description: caption)
        svg += SVGFrame.xAxis(x, ticks: SVGFrame.latencyTicks(xTicks),
                              label: "Difference \(short(comparison.b.label)) − \(short(comparison.a.label)) (ms)")
        svg += SVGFrame.yAxis(y, ticks: yTicks.values.map { SVGFrame.Tick(value: $0, label: XMLText.number($0)) },
                              label: "Touches")
        if let interval {
            svg += "<rect class=\"interval\" x=\"\(XMLText.coordinate(x(interval.low)))\" "
                + "y=\"\(XMLText.coordinate(SVGFrame.plotTop))\" "
                + "width=\"\(XMLText.coordinate(max(1, x(interval.high) - x(interval.low))))\" "
                + "height=\"\(XMLText.coordinate(SVGFrame.plotBottom - SVGFrame.plotTop))\"/>\n"
        }
        for (index, count) in histogram.counts.enumerated() where count > 0 {
            let left = x(histogram.lowerEdge(index)), right = x(histogram.lowerEdge(index + 1))
            svg += "<rect class=\"bar b\" data-count=\"\(count)\" x=\"\(XMLText.coordinate(left))\" "
                + "y=\"\(XMLText.coordinate(y(Double(count))))\" width=\"\(XMLText.coordinate(max(0.5, right - left - 0.5)))\" "
                + "height=\"\(XMLText.coordinate(y(0) - y(Double(count))))\"/>"
        }
        svg += "\n"
        if let median {
            let mx = XMLText.coordinate(x(median))
            svg += "<line class=\"median\" data-value=\"\(XMLText.number(median))\" x1=\"\(mx)\" x2=\"\(mx)\" "
                + "y1=\"\(XMLText.coordinate(SVGFrame.plotTop))\" y2=\"\(XMLText.coordinate(SVGFrame.plotBottom))\"/>"
                + "<text class=\"note\" x=\"\(mx)\" y=\"\(XMLText.coordinate(SVGFrame.plotTop + 10))\" dx=\"4\">median "
                + "\(XMLText.escape(ComparisonReport.signedMilliseconds(median)))</text>\n"
        }
        return Figure(svg: svg, caption: caption)
    }
}
