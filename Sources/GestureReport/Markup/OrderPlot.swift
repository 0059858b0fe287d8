import GestureAnalysis

/// Latency against the touch's order in its session: every touch as a faint
/// dot (up to ``dotLimit`` of them), and each group's median over runs of
/// consecutive orders as a line. A first touch far above the line is
/// warm-up; a line that climbs is drift.
enum OrderPlot {
    static let dotLimit = 2_000

    static func figure(_ section: ReportSection, id: String) -> Figure? {
        let groups = [("a", section.touchesA), ("b", section.touchesB)].map { group, touches in
            (group, touches.compactMap { touch in touch.order.map { (order: $0, latency: touch.latencyMs) } })
        }
        let highestOrder = groups.flatMap { $0.1.map(\.order) }.max() ?? 0
        guard highestOrder > 1 else { return nil }
        let comparison = section.comparison
        let cut = max(comparison.a.p99 ?? 0, comparison.b.p99 ?? 0) * 1.1
        let lowest = LatencyAxis.lowerBound(groups.flatMap { $0.1.map(\.latency) }.min())
        let yTicks = NiceTicks(covering: lowest...max(cut, 0.001), count: 5)
        let xTicks = NiceTicks(covering: 1...Double(highestOrder), count: 6)
        let x = LinearScale(domain: xTicks.domain, range: (SVGFrame.plotLeft, SVGFrame.plotRight))
        let y = LinearScale(domain: yTicks.domain, range: (SVGFrame.plotBottom, SVGFrame.plotTop))
        let trends = groups.map { OrderTrend(touches: $0.1) }

        var caption = "Latency against the touch's order in its session (1 = the session's first touch-down)"
        let dots = groups.reduce(0) { $0 + $1.1.count } <= dotLimit
        caption += dots ? ", every touch a dot; lines join each group's median" : "; lines join each group's median"
        if let binWidth = trends.first?.binWidth, binWidth > 1 { caption += " over runs of \(binWidth) orders" }
        caption += ". "
        for ((group, _), trend) in zip(groups, trends) {
            guard let first = trend.bins.first, let last = trend.bins.last else { continue }
            caption += "\(group.uppercased()): median \(ReportFormat.milliseconds(first.median)) at the first touches, "
                + "\(ReportFormat.milliseconds(last.median)) at the last. "
        }
        var svg = SVGFrame.open(id: id, title: "Latency against touch order within sessions", description: caption)
        svg += SVGFrame.clipPath(id: "\(id)-clip", slack: 0)
        svg += SVGFrame.xAxis(x, ticks: xTicks.values.map { SVGFrame.Tick(value: $0, label: XMLText.number($0)) },
                              label: "Touch order in session (count)")
        svg += SVGFrame.yAxis(y, ticks: SVGFrame.latencyTicks(yTicks), label: "Latency (ms)")
        svg += "<g clip-path=\"url(#\(id)-clip)\">"
        if dots {
            for (group, touches) in groups {
                for touch in touches {
                    svg += "<circle class=\"dot \(group)\" cx=\"\(XMLText.coordinate(x(Double(touch.order))))\" "
                        + "cy=\"\(XMLText.coordinate(y(touch.latency)))\" r=\"1.6\"/>"
                }
            }
        }
        for ((group, _), trend) in zip(groups, trends) {
            let points = trend.bins.map { (x(OrderTrend.middle($0)), y($0.median)) }
            svg += "<path class=\"series \(group)\" d=\"\(SVGFrame.path(points))\"/>"
        }
        svg += "</g>\n" + SVGFrame.legend(a: comparison.a.label, b: comparison.b.label)
        return Figure(svg: svg, caption: caption)
    }
}
