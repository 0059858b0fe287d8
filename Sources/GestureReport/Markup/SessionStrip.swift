import GestureAnalysis
import GestureTrace

/// Each session's median latency as a dot sized by its number of values,
/// one strip per group: whether the difference holds session by session or
/// one session carries it.
enum SessionStrip {
    /// Where the groups' names end and the dots' room begins.
    static let labelsEnd = SVGFrame.plotLeft + 40
    /// The largest session's dot; the axis starts this far right of the
    /// names, so a dot at its start (a median near 0 ms) does not cover them.
    static let largestRadius = 12.0

    static func figure(_ section: ReportSection, id: String) -> Figure {
        let comparison = section.comparison
        let level = comparison.sessionLevel
        let groups: [(label: String, cls: String, medians: [Double], sizes: [Int])] = [
            (comparison.a.label, "a", level.mediansA, level.sizesA),
            (comparison.b.label, "b", level.mediansB, level.sizesB),
        ]
        let all = level.mediansA + level.mediansB
        let low = all.min() ?? 0, high = all.max() ?? 1
        let span = max(high - low, max(abs(high), 1) * 0.05)
        let xTicks = NiceTicks(covering: SessionStrip.axisStart(low: low, padding: span * 0.05)...(high + span * 0.05),
                               count: 5)
        let x = LinearScale(domain: xTicks.domain, range: (labelsEnd + largestRadius, SVGFrame.plotRight))
        let largest = Double(max((level.sizesA + level.sizesB).max() ?? 1, 1))
        let height = 150.0
        let rows = [SVGFrame.plotTop + 20, SVGFrame.plotTop + 60]

        let caption = "Each session's median \(section.metricName) latency, one dot per session, its area "
            + "proportional to the session's number of values: \(comparison.a.label) \(level.mediansA.count) "
            + "session\(level.mediansA.count == 1 ? "" : "s"), \(comparison.b.label) \(level.mediansB.count). "
            + "If one session sits apart, it may carry the effect."
        var svg = SVGFrame.open(id: id, title: "Session medians, \(comparison.a.label) and \(comparison.b.label)",
                                description: caption, height: height)
        svg += "<g class=\"axis x\" data-axis=\"x\">"
        let axisY = rows[1] + 24
        for tick in SVGFrame.latencyTicks(xTicks) {
            let tx = XMLText.coordinate(x(tick.value))
            svg += "<g class=\"tick\" data-value=\"\(XMLText.number(tick.value))\">"
                + "<line class=\"grid\" x1=\"\(tx)\" x2=\"\(tx)\" y1=\"\(XMLText.coordinate(SVGFrame.plotTop))\" "
                + "y2=\"\(XMLText.coordinate(axisY))\"/>"
                + "<text x=\"\(tx)\" y=\"\(XMLText.coordinate(axisY + 14))\" text-anchor=\"middle\">"
                + "\(XMLText.escape(tick.label))</text></g>"
        }
        svg += "<text class=\"label\" x=\"\(XMLText.coordinate((SVGFrame.plotLeft + SVGFrame.plotRight) / 2))\" "
            + "y=\"\(XMLText.coordinate(height - 6))\" text-anchor=\"middle\">Session median (ms)</text></g>\n"
        for (group, row) in zip(groups, rows) {
            svg += "<text x=\"\(XMLText.coordinate(SVGFrame.plotLeft + 34))\" y=\"\(XMLText.coordinate(row))\" dy=\"0.32em\" "
                + "text-anchor=\"end\">\(XMLText.svgName("", group.label, limit: 14))</text>"
            for (median, size) in zip(group.medians, group.sizes) {
                let radius = 2 + (largestRadius - 2) * (Double(size) / largest).squareRoot()
                svg += "<circle class=\"marker session \(group.cls)\" data-n=\"\(size)\" data-value=\"\(XMLText.number(median))\" "
                    + "cx=\"\(XMLText.coordinate(x(median)))\" cy=\"\(XMLText.coordinate(row))\" "
                    + "r=\"\(XMLText.coordinate(radius))\"/>"
            }
            svg += "\n"
        }
        return Figure(svg: svg, caption: caption)
    }

    /// Where the axis's padded range starts: `padding` below the lowest
    /// median, but not below 0 when no median is negative, so latencies
    /// that are all positive are not drawn on an axis reaching −200 ms.
    /// The ticks round it down to a whole step, which from 0 or above
    /// stays at 0 or above.
    static func axisStart(low: Double, padding: Double) -> Double {
        low >= 0 ? max(0, low - padding) : low - padding
    }
}
