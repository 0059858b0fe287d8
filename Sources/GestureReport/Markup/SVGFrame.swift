/// The frame of one plot: its size, the plotting area inside the margins,
/// the two scales, and the axes with their ticks and labels.
///
/// Each tick carries its value (`data-value`) beside the coordinate the
/// scale gives it, so the page can be checked against the numbers.
///
///     let frame = SVGFrame(id: "c1-cdf", x: xScaleFor(frame), y: ...)
struct SVGFrame {
    static let width = 520.0
    static let height = 300.0
    static let left = 64.0, right = 16.0, top = 30.0, bottom = 52.0

    static var plotLeft: Double { left }
    static var plotRight: Double { width - right }
    static var plotTop: Double { top }
    static var plotBottom: Double { height - bottom }

    struct Tick {
        var value: Double
        var label: String
    }

    /// `<svg …>` with its title and text alternative, and the closing tag's counterpart.
    static func open(id: String, title: String, description: String, width: Double = width,
                     height: Double = height) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" class="plot" id="\(id)" \
        viewBox="0 0 \(XMLText.coordinate(width)) \(XMLText.coordinate(height))" role="img" \
        aria-labelledby="\(id)-title \(id)-desc">\
        <title id="\(id)-title">\(XMLText.escape(title))</title>\
        <desc id="\(id)-desc">\(XMLText.escape(description))</desc>\n
        """
    }

    /// The horizontal axis: tick lines across the plot, labels below, the axis title.
    static func xAxis(_ scale: LinearScale, ticks: [Tick], label: String) -> String {
        var svg = "<g class=\"axis x\" data-axis=\"x\">"
        for tick in ticks {
            let x = XMLText.coordinate(scale(tick.value))
            svg += "<g class=\"tick\" data-value=\"\(XMLText.number(tick.value))\">"
                + "<line class=\"grid\" x1=\"\(x)\" x2=\"\(x)\" y1=\"\(XMLText.coordinate(plotTop))\" "
                + "y2=\"\(XMLText.coordinate(plotBottom))\"/>"
                + "<text x=\"\(x)\" y=\"\(XMLText.coordinate(plotBottom + 16))\" text-anchor=\"middle\">"
                + "\(XMLText.escape(tick.label))</text></g>"
        }
        svg += "<text class=\"label\" x=\"\(XMLText.coordinate((plotLeft + plotRight) / 2))\" "
            + "y=\"\(XMLText.coordinate(height - 10))\" text-anchor=\"middle\">\(XMLText.escape(label))</text></g>\n"
        return svg
    }

    /// The vertical axis: tick lines across the plot, labels at the left, the axis title turned.
    static func yAxis(_ scale: LinearScale, ticks: [Tick], label: String) -> String {
        var svg = "<g class=\"axis y\" data-axis=\"y\">"
        for tick in ticks {
            let y = XMLText.coordinate(scale(tick.value))
            svg += "<g class=\"tick\" data-value=\"\(XMLText.number(tick.value))\">"
                + "<line class=\"grid\" x1=\"\(XMLText.coordinate(plotLeft))\" x2=\"\(XMLText.coordinate(plotRight))\" "
                + "y1=\"\(y)\" y2=\"\(y)\"/>"
                + "<text x=\"\(XMLText.coordinate(plotLeft - 6))\" y=\"\(y)\" dy=\"0.32em\" text-anchor=\"end\">"
                + "\(XMLText.escape(tick.label))</text></g>"
        }
        let middle = XMLText.coordinate((plotTop + plotBottom) / 2)
        svg += "<text class=\"label\" transform=\"translate(14 \(middle)) rotate(-90)\" text-anchor=\"middle\">"
            + "\(XMLText.escape(label))</text></g>\n"
        return svg
    }

    /// Ticks for a latency axis, labelled in milliseconds.
    static func latencyTicks(_ ticks: NiceTicks) -> [Tick] {
        ticks.values.map { Tick(value: $0, label: XMLText.number($0)) }
    }

    /// Characters of a group's name a legend entry shows: half the plot's
    /// width at the plots' 11 px type, less the entry's line and "A: ".
    static let legendCharacters = 30

    /// A two-entry legend for groups A and B, side by side above the plot;
    /// a longer name is cut (`XMLText.svgName`).
    static func legend(a: String, b: String) -> String {
        let y = XMLText.coordinate(plotTop - 14)
        func entry(_ group: String, _ label: String, _ x: Double) -> String {
            "<g class=\"legend-entry\"><line class=\"series \(group)\" x1=\"\(XMLText.coordinate(x))\" "
                + "x2=\"\(XMLText.coordinate(x + 22))\" y1=\"\(y)\" y2=\"\(y)\"/>"
                + "<text x=\"\(XMLText.coordinate(x + 28))\" y=\"\(y)\" dy=\"0.32em\">"
                + XMLText.svgName("\(group.uppercased()): ", label, limit: legendCharacters) + "</text></g>"
        }
        let middle = (plotLeft + plotRight) / 2
        return "<g class=\"legend\">" + entry("a", a, plotLeft) + entry("b", b, middle) + "</g>\n"
    }

    /// A clip path of the plotting area, `slack` px taller at the top and bottom.
    static func clipPath(id: String, slack: Double) -> String {
        "<defs><clipPath id=\"\(id)\"><rect x=\"\(XMLText.coordinate(plotLeft))\" "
            + "y=\"\(XMLText.coordinate(plotTop - slack))\" width=\"\(XMLText.coordinate(plotRight - plotLeft))\" "
            + "height=\"\(XMLText.coordinate(plotBottom - plotTop + 2 * slack))\"/></clipPath></defs>\n"
    }

    /// A polyline through `points` as a path's `d`.
    static func path(_ points: [(Double, Double)]) -> String {
        var d = ""
        for (index, point) in points.enumerated() {
            d += (index == 0 ? "M" : " L") + XMLText.coordinate(point.0) + " " + XMLText.coordinate(point.1)
        }
        return d
    }
}
