import Foundation
import GestureTrace

/// The part of the screen where the targets are, for groups A and B one
/// above the other: each target's visible frame (solid) and, where it was
/// enlarged, its hit area (dashed), and every touch-down, filled when it
/// reached the target nearest it and open when it missed (a diamond when
/// the hit-test gave it to another target); beyond a few thousand, one mark
/// per outcome per small square (``OutcomeMarks``).
enum OutcomeMap {
    static let width = 520.0
    /// The tallest a panel is drawn, in pixels.
    static let panelMaximumHeight = 260.0
    /// Points of screen shown around the targets and touches.
    static let padding = 12.0
    static let titleHeight = 22.0, legendHeight = 34.0

    static func figure(_ section: RateSection, id: String) -> Figure? {
        guard let a = section.mapA, let b = section.mapB, !(a.touches.isEmpty && b.touches.isEmpty) else { return nil }
        let window = visibleWindow([a, b])
        let scale = min((width - 40) / window.width, panelMaximumHeight / window.height)
        let panelHeight = window.height * scale
        var svg = ""
        var caption = "Touch-downs and the targets they were measured against, in window points "
            + "(x \(XMLText.number(window.x.rounded()))–\(XMLText.number((window.x + window.width).rounded())), "
            + "y \(XMLText.number(window.y.rounded()))–\(XMLText.number((window.y + window.height).rounded()))): "
            + "solid outlines are visible frames, dashed ones enlarged hit areas; a filled dot reached the target "
            + "nearest it, an open one missed (a diamond: the hit-test chose another target). "
        let comparison = section.comparison
        for (index, (group, label, data)) in [("a", comparison.a.label, a), ("b", comparison.b.label, b)].enumerated() {
            let top = Double(index) * (titleHeight + panelHeight + 8) + titleHeight
            let reached = data.touches.filter(\.reached).count
            let another = data.touches.filter(\.hitAnother).count
            caption += "\(group.uppercased()) (\(label)): \(data.touches.count.grouped) touch-downs, "
                + "\(reached.grouped) reached, \((data.touches.count - reached).grouped) missed"
                + (another > 0 ? " (\(another.grouped) of them given to another target)" : "") + ". "
            if data.targetsLeftOut > 0 {
                caption += "\(data.targetsLeftOut.grouped) more frames of moved targets are not drawn. "
            }
            func x(_ value: Double) -> String { XMLText.coordinate(20 + (value - window.x) * scale) }
            func y(_ value: Double) -> String { XMLText.coordinate(top + (value - window.y) * scale) }
            func length(_ value: Double) -> String { XMLText.coordinate(value * scale) }
            svg += "<g class=\"outcome-map \(group)\" data-group=\"\(group.uppercased())\" "
                + "data-touches=\"\(data.touches.count)\" data-reached=\"\(reached)\" "
                + "data-missed=\"\(data.touches.count - reached)\" data-targets=\"\(data.targets.count)\">"
                + "<text class=\"panel-title\" x=\"20\" y=\"\(XMLText.coordinate(top - 7))\">"
                + XMLText.svgName("\(group.uppercased()): ", label, limit: 2 * SVGFrame.legendCharacters) + "</text>"
                + "<rect class=\"outline\" x=\"20\" y=\"\(XMLText.coordinate(top))\" "
                + "width=\"\(length(window.width))\" height=\"\(XMLText.coordinate(panelHeight))\"/>\n"
            for target in data.targets {
                if let area = target.hitArea {
                    svg += "<rect class=\"hit-area\" data-target=\"\(XMLText.escape(target.name))\" x=\"\(x(area.x))\" "
                        + "y=\"\(y(area.y))\" width=\"\(length(area.width))\" height=\"\(length(area.height))\"/>"
                }
                svg += "<rect class=\"target-frame\" data-target=\"\(XMLText.escape(target.name))\" x=\"\(x(target.frame.x))\" "
                    + "y=\"\(y(target.frame.y))\" width=\"\(length(target.frame.width))\" "
                    + "height=\"\(length(target.frame.height))\"/>"
            }
            svg += "\n"
            let marks = OutcomeMarks(data.touches.map { touch in
                (20 + (touch.x - window.x) * scale, top + (touch.y - window.y) * scale,
                 touch.hitAnother ? .another : touch.reached ? .reached : .missed)
            })
            if let cell = marks.cellSize {
                caption += "Its \(data.touches.count.grouped) touch-downs are drawn as \(marks.marks.count.grouped) marks, "
                    + "one for each outcome in each \(XMLText.number(cell))-pixel square. "
            }
            for mark in marks.marks {
                let count = marks.cellSize == nil ? "" : " data-count=\"\(mark.count)\""
                let cx = XMLText.coordinate(mark.x), cy = XMLText.coordinate(mark.y)
                switch mark.outcome {
                case .another:
                    let r = 3.4
                    svg += "<path class=\"touch missed another\"\(count) d=\"M\(cx) \(XMLText.coordinate(mark.y - r)) "
                        + "L\(XMLText.coordinate(mark.x + r)) \(cy) L\(cx) \(XMLText.coordinate(mark.y + r)) "
                        + "L\(XMLText.coordinate(mark.x - r)) \(cy) Z\"/>"
                case .reached, .missed:
                    svg += "<circle class=\"touch \(mark.outcome == .reached ? "reached" : "missed")\"\(count) "
                        + "cx=\"\(cx)\" cy=\"\(cy)\" r=\"2.6\"/>"
                }
            }
            svg += "</g>\n"
        }
        let height = 2 * (titleHeight + panelHeight) + 8 + legendHeight
        return Figure(svg: SVGFrame.open(id: id, title: "Touch-downs that reached their nearest target, and those that missed",
                                         description: caption, width: width, height: height)
                          + svg + legend(y: height - 16), caption: caption)
    }

    /// The window onto the screen: every target's frame and hit area and
    /// every touch-down of both groups, padded, within the screen when known.
    static func visibleWindow(_ groups: [OutcomeMapData]) -> (x: Double, y: Double, width: Double, height: Double) {
        var xs: [Double] = [], ys: [Double] = []
        for group in groups {
            for target in group.targets {
                for rect in [target.frame] + (target.hitArea.map { [$0] } ?? []) {
                    xs += [rect.x, rect.x + rect.width]
                    ys += [rect.y, rect.y + rect.height]
                }
            }
            for touch in group.touches {
                xs.append(touch.x)
                ys.append(touch.y)
            }
        }
        var low = (x: (xs.min() ?? 0) - padding, y: (ys.min() ?? 0) - padding)
        var high = (x: (xs.max() ?? 1) + padding, y: (ys.max() ?? 1) + padding)
        if let screen = groups.compactMap(\.screen).first {
            low = (max(low.x, 0), max(low.y, 0))
            high = (min(high.x, screen.width), min(high.y, screen.height))
        }
        return (low.x, low.y, max(high.x - low.x, 1), max(high.y - low.y, 1))
    }

    private static func legend(y: Double) -> String {
        let baseline = XMLText.coordinate(y)
        let dot = XMLText.coordinate(y - 4)
        return "<g class=\"outcome-legend\">"
            + "<circle class=\"touch reached\" cx=\"24\" cy=\"\(dot)\" r=\"2.6\"/><text x=\"32\" y=\"\(baseline)\">reached</text>"
            + "<circle class=\"touch missed\" cx=\"104\" cy=\"\(dot)\" r=\"2.6\"/><text x=\"112\" y=\"\(baseline)\">missed</text>"
            + "<rect class=\"target-frame\" x=\"180\" y=\"\(XMLText.coordinate(y - 10))\" width=\"12\" height=\"12\"/>"
            + "<text x=\"198\" y=\"\(baseline)\">visible frame</text>"
            + "<rect class=\"hit-area\" x=\"290\" y=\"\(XMLText.coordinate(y - 10))\" width=\"12\" height=\"12\"/>"
            + "<text x=\"308\" y=\"\(baseline)\">hit area</text></g>\n"
    }
}
