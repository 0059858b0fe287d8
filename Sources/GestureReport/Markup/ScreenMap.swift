import Foundation
import GestureAnalysis
import GestureTrace

/// Each group's touch-downs where they landed on the screen, coloured by
/// latency (viridis), with the 20-point edge margins drawn dashed. Beyond
/// ``binningThreshold`` touches a group is drawn as cells of the median
/// latency, whose counts add up to its touches.
enum ScreenMap {
    static let binningThreshold = 3_000
    static let edgeMargin = 20.0
    static let panelHeight = 400.0
    static let width = 520.0
    /// Above the screens: their titles; below: the colour bar.
    static let top = 28.0, bottom = 56.0

    /// The screen most of the positioned touches were on; nil when none has a position.
    static func screen(_ touches: [TouchLatency]) -> (width: Double, height: Double)? {
        // Counted by the sizes' bits: a text per touch cost more than the map's drawing.
        var counts: [ScreenSize: Int] = [:]
        for touch in touches {
            guard touch.x != nil, touch.y != nil, let w = touch.screenWidth, let h = touch.screenHeight else { continue }
            counts[ScreenSize(width: w, height: h), default: 0] += 1
        }
        // The most touches; ties to the size whose "WxH" text sorts first.
        let best = counts.map { (size: $0.key, count: $0.value, text: "\($0.key.width)x\($0.key.height)") }
            .sorted { ($0.count, $1.text) > ($1.count, $0.text) }.first
        return best.map { (width: $0.size.width, height: $0.size.height) }
    }

    /// A screen's size in points, as stored.
    private struct ScreenSize: Hashable {
        var width, height: Double
    }

    /// The touches of `group` on a screen of `size`; slowest last, so they are
    /// drawn on top, when there are few enough to draw as dots (cells do
    /// not depend on the order, and sorting a million touches is not free).
    /// A touch recorded off the screen (a coordinate below 0 or beyond its
    /// size) is left out: the caption counts it (``leftOut(_:on:)``).
    static func placed(_ group: [TouchLatency], on size: (width: Double, height: Double))
        -> [(x: Double, y: Double, latency: Double)] {
        let placed = group.enumerated().compactMap { index, touch -> (Int, (x: Double, y: Double, latency: Double))? in
            guard let (x, y) = position(of: touch, on: size), isOnScreen(x: x, y: y, size) else { return nil }
            return (index, (x, y, touch.latencyMs))
        }
        guard placed.count <= binningThreshold else { return placed.map(\.1) }
        return placed.sorted { ($0.1.latency, $0.0) < ($1.1.latency, $1.0) }.map(\.1)
    }

    /// Where a touch of a session on a screen of `size` went down; nil for
    /// a touch without a position or on another screen.
    private static func position(of touch: TouchLatency, on size: (width: Double, height: Double)) -> (x: Double, y: Double)? {
        guard let x = touch.x, let y = touch.y, touch.screenWidth == size.width, touch.screenHeight == size.height else {
            return nil
        }
        return (x, y)
    }

    /// The touches with a position that the map of a screen of `size`
    /// leaves out, in one pass: recorded off the screen (a coordinate below
    /// 0 or beyond its size), on a screen of another size, or in a session
    /// that recorded no screen size.
    static func leftOut(_ group: [TouchLatency], on size: (width: Double, height: Double))
        -> (offScreen: Int, otherSize: Int, noSize: Int) {
        var offScreen = 0, otherSize = 0, noSize = 0
        for touch in group {
            guard let x = touch.x, let y = touch.y else { continue }
            guard let w = touch.screenWidth, let h = touch.screenHeight else {
                noSize += 1
                continue
            }
            if w != size.width || h != size.height {
                otherSize += 1
            } else if !isOnScreen(x: x, y: y, size) {
                offScreen += 1
            }
        }
        return (offScreen, otherSize, noSize)
    }

    /// Why a section with touches has no screen map, for the page to say
    /// so; nil when it has one or has no touches to draw.
    static func missingNote(_ touches: [TouchLatency]) -> String? {
        guard !touches.isEmpty, screen(touches) == nil else { return nil }
        guard touches.contains(where: { $0.x != nil && $0.y != nil }) else {
            return "No screen map: none of these latencies belongs to a touch-down with a position."
        }
        return "No screen map: the sessions of these touches recorded no screen size (the device's screen_w and "
            + "screen_h on their session line), so there is no screen to place them on."
    }

    private static func isOnScreen(x: Double, y: Double, _ size: (width: Double, height: Double)) -> Bool {
        x >= 0 && y >= 0 && x <= size.width && y <= size.height
    }

    static func figure(_ section: ReportSection, id: String) -> Figure? {
        guard let size = screen(section.mapTouchesA + section.mapTouchesB) else { return nil }
        let comparison = section.comparison
        let groups = [("a", comparison.a.label, placed(section.mapTouchesA, on: size)),
                      ("b", comparison.b.label, placed(section.mapTouchesB, on: size))]
        // Colours saturate at the larger p99, so one outlier does not wash out the rest.
        let saturation = max(comparison.a.p99 ?? 0, comparison.b.p99 ?? 0, 0.001)
        // The ramp starts at the lowest latency when some are negative, so they are not coloured as 0 ms.
        let lowest = LatencyAxis.lowerBound(groups.flatMap { $0.2.map(\.latency) }.min())
        let colour = { (latency: Double) in ColorRamp.viridis.hex(at: (latency - lowest) / (saturation - lowest)) }
        let scale = min(panelHeight / size.height, (width / 2 - 40) / size.width)
        let panelWidth = size.width * scale
        let screenText = "\(XMLText.number(size.width)) × \(XMLText.number(size.height)) pt"

        var caption = section.selection.region == nil ? ""
            : "Every region, not only \((section.selection.region ?? "").replacingOccurrences(of: ",", with: ", ")), "
                + "to show where the latency changes. "
        caption += "Where each touch landed on the \(screenText) screen, coloured by latency from dark "
            + "(\(ReportFormat.milliseconds(lowest))) to yellow (\(ReportFormat.milliseconds(saturation)) or more); "
            + "dashed lines mark the \(Int(edgeMargin))-point edge margins. "
        let placedLatencies = groups.flatMap { $0.2.map(\.latency) }
        let uniform = placedLatencies.min().flatMap { $0 == placedLatencies.max() ? $0 : nil }
        var svg = ""
        for (index, (group, label, touches)) in groups.enumerated() {
            let originX = 20 + Double(index) * (width / 2), originY = top
            let slowEdge = touches.filter { isEdge($0, size) && $0.latency >= saturation / 2 }.count
            let slowCenter = touches.filter { !isEdge($0, size) && $0.latency >= saturation / 2 }.count
            if let uniform {
                // Every touch at one latency: none is slower than another.
                caption += "\(group.uppercased()) (\(label)): \(touches.count.grouped) touches, all at "
                    + "\(ReportFormat.milliseconds(uniform)). "
            } else {
                caption += "\(group.uppercased()) (\(label)): \(touches.count.grouped) touches, \(slowEdge.grouped) of them slow "
                    + "(≥ \(ReportFormat.milliseconds(saturation / 2))) within the edge margins and \(slowCenter.grouped) slow elsewhere. "
            }
            svg += "<g class=\"screen \(group)\" data-group=\"\(group.uppercased())\" data-touches=\"\(touches.count)\">"
                + "<text class=\"panel-title\" x=\"\(XMLText.coordinate(originX))\" y=\"16\">"
                + XMLText.svgName("\(group.uppercased()): ", label, limit: SVGFrame.legendCharacters) + "</text>"
                + "<rect class=\"outline\" x=\"\(XMLText.coordinate(originX))\" y=\"\(XMLText.coordinate(originY))\" "
                + "width=\"\(XMLText.coordinate(panelWidth))\" height=\"\(XMLText.coordinate(size.height * scale))\"/>"
                + "<rect class=\"margin\" x=\"\(XMLText.coordinate(originX + edgeMargin * scale))\" "
                + "y=\"\(XMLText.coordinate(originY + edgeMargin * scale))\" "
                + "width=\"\(XMLText.coordinate((size.width - 2 * edgeMargin) * scale))\" "
                + "height=\"\(XMLText.coordinate((size.height - 2 * edgeMargin) * scale))\"/>\n"
            if touches.count > binningThreshold {
                let cell = ScreenBinning.cellSize(width: size.width, height: size.height)
                let bins = ScreenBinning(touches: touches, width: size.width, height: size.height, cellSize: cell)
                for bin in bins.cells {
                    svg += "<rect class=\"bin\" data-count=\"\(bin.count)\" "
                        + "x=\"\(XMLText.coordinate(originX + Double(bin.column) * cell * scale))\" "
                        + "y=\"\(XMLText.coordinate(originY + Double(bin.row) * cell * scale))\" "
                        + "width=\"\(XMLText.coordinate(cell * scale))\" height=\"\(XMLText.coordinate(cell * scale))\" "
                        + "fill=\"\(colour(bin.medianLatency))\"/>"
                }
            } else {
                for touch in touches {
                    svg += "<circle class=\"touch\" cx=\"\(XMLText.coordinate(originX + touch.x * scale))\" "
                        + "cy=\"\(XMLText.coordinate(originY + touch.y * scale))\" r=\"2.8\" "
                        + "fill=\"\(colour(touch.latency))\"/>"
                }
            }
            svg += "</g>\n"
        }
        let left = leftOut(section.mapTouchesA + section.mapTouchesB, on: size)
        let off = left.offScreen
        if off > 0 {
            caption += "\(off.grouped) touch\(off == 1 ? "" : "es") recorded off the screen "
                + "(a coordinate below 0 or beyond its size) \(off == 1 ? "is" : "are") not drawn or counted here. "
        }
        if left.otherSize > 0 {
            caption += "\(left.otherSize.grouped) touch\(left.otherSize == 1 ? "" : "es") on screens of "
                + "other sizes \(left.otherSize == 1 ? "is" : "are") not drawn here. "
        }
        if left.noSize > 0 {
            caption += "\(left.noSize.grouped) touch\(left.noSize == 1 ? "" : "es") of sessions that recorded "
                + "no screen size \(left.noSize == 1 ? "is" : "are") not drawn here. "
        }
        if groups.contains(where: { $0.2.count > binningThreshold }) {
            caption += "Groups of more than \(binningThreshold.grouped) touches are drawn as cells coloured by their median latency."
        }
        let height = top + size.height * scale + bottom
        return Figure(svg: SVGFrame.open(id: id, title: "Touch-downs on the screen, coloured by latency",
                                         description: caption, width: width, height: height)
                          + svg + legend(id: id, lowest: lowest, saturation: saturation, y: height - 34), caption: caption)
    }

    static func isEdge(_ touch: (x: Double, y: Double, latency: Double), _ size: (width: Double, height: Double)) -> Bool {
        touch.x <= edgeMargin || touch.y <= edgeMargin || touch.x >= size.width - edgeMargin
            || touch.y >= size.height - edgeMargin
    }

    /// The colour bar: the lowest latency (0 ms unless some are negative) to the saturation latency.
    static func legend(id: String, lowest: Double, saturation: Double, y: Double) -> String {
        let x = 20.0, barWidth = 200.0
        var svg = "<defs><linearGradient id=\"\(id)-ramp\">"
        for step in 0...9 {
            let fraction = Double(step) / 9
            svg += "<stop offset=\"\(XMLText.coordinate(fraction))\" stop-color=\"\(ColorRamp.viridis.hex(at: fraction))\"/>"
        }
        svg += "</linearGradient></defs><g class=\"colour-legend\">"
            + "<rect x=\"\(XMLText.coordinate(x))\" y=\"\(XMLText.coordinate(y))\" width=\"\(XMLText.coordinate(barWidth))\" "
            + "height=\"10\" fill=\"url(#\(id)-ramp)\"/>"
            + "<text x=\"\(XMLText.coordinate(x))\" y=\"\(XMLText.coordinate(y + 22))\">\(XMLText.escape(ReportFormat.milliseconds(lowest)))</text>"
            + "<text x=\"\(XMLText.coordinate(x + barWidth))\" y=\"\(XMLText.coordinate(y + 22))\" text-anchor=\"end\">"
            + "≥ \(XMLText.escape(ReportFormat.milliseconds(saturation)))</text>"
            + "<text x=\"\(XMLText.coordinate(x + barWidth + 10))\" y=\"\(XMLText.coordinate(y + 9))\">latency (ms)</text></g>\n"
        return svg
    }
}
