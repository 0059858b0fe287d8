import GestureTrace
import SeededRandom

/// WWDC 2014 and Parhi 2006 (docs/sources.md): a row of small icon buttons, tapped with the thumb.
///
/// Each tap aims at the centre of one icon and lands scattered around it
/// as thumbs do. With the hit area the visible frame, a tap just beside a
/// 28 pt icon reaches nothing; with a 44 × 44 pt area centred on each icon
/// (an enlarged `point(inside:with:)`) most of those taps reach one. The
/// enlarged areas of neighbours overlap, and UIKit's hit-test asks the
/// subviews from the last added to the first, so a tap in the overlap goes
/// to the later icon even when the earlier one is nearer: a touch that
/// reaches a target, but not the nearest.
struct HitAreaScenario: VariantScenario {
    private typealias P = SimulationParameters
    static let targetClass = "UIButton"

    let enlarged: Bool
    let variant: ExperimentVariant
    /// The icons' frames and hit areas, in the order they were added as subviews.
    let icons: [(name: String, frame: TargetRect, hitArea: TargetRect)]

    init(enlarged: Bool) {
        self.enlarged = enlarged
        variant = ExperimentVariant(name: enlarged ? "enlarged-44pt" : "visible-frame",
                                    config: [("hit_area", .string(enlarged ? "44pt" : "frame")),
                                             ("icon_pt", .number(P.iconPoints))],
                                    device: P.iPhone)
        icons = Self.layout(screenWidth: P.iPhone.screenWidth, enlarged: enlarged)
    }

    /// The row of icons centred on the screen.
    static func layout(screenWidth: Double, enlarged: Bool) -> [(name: String, frame: TargetRect, hitArea: TargetRect)] {
        let rowWidth = P.iconSpacingPoints * Double(P.iconCount - 1)
        return (0..<P.iconCount).map { index in
            let centre = (x: (screenWidth - rowWidth) / 2 + P.iconSpacingPoints * Double(index), y: P.iconRowCentrePoints)
            let side = enlarged ? P.enlargedHitPoints : P.iconPoints
            return (name: "icon\(index + 1)",
                    frame: TargetRect(x: centre.x - P.iconPoints / 2, y: centre.y - P.iconPoints / 2,
                                      width: P.iconPoints, height: P.iconPoints),
                    hitArea: TargetRect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side))
        }
    }

    mutating func begin(at start: Int64, timeline: inout SessionTimeline) {
        for icon in icons {
            timeline.target(icon.name, class: Self.targetClass, frame: icon.frame,
                            hitArea: enlarged ? icon.hitArea : nil, at: start)
        }
    }

    func play(touch: Int64, down: Int64, timeline: inout SessionTimeline, rng: inout SeededGenerator) -> Int64 {
        let aimed = icons[Int(rng.nextUniform() * Double(icons.count))]
        let sigma = P.aimSigmaPoints * timeline.conditions.aimScale
        let x = aimed.frame.x + aimed.frame.width / 2 + sigma * rng.standardNormal()
        let y = aimed.frame.y + aimed.frame.height / 2 + sigma * rng.standardNormal()
        let hit = hitTest(x: x, y: y)
        timeline.touch(touch, .began, at: down, x: x, y: y, hit: hit ?? "")
        let up = down + SimulatedTime.nanos(millis: rng.logNormal(median: P.tapMedianMillis * timeline.conditions.holdScale,
                                                                 logSigma: P.tapLogSigma))
        timeline.touch(touch, .ended, at: up, x: x, y: y)
        let arrival = down + InputDispatch.latency(&rng, timeline.conditions)
        let liftArrival = max(up + InputDispatch.latency(&rng, timeline.conditions), arrival + InputDispatch.handlerGap(&rng))
        if let hit {
            let (touchDown, touchUpInside) = timeline.buttonPress(hit, touchesBegan: arrival, liftArrival: liftArrival,
                                                                  touch: touch, rng: &rng)
            // Assumption: the glyph switches to its highlighted image and back without animation.
            timeline.presentChanges(from: touchDown, through: touchDown)
            timeline.presentChanges(from: touchUpInside, through: touchUpInside)
        }
        return timeline.latestTime
    }

    /// The icon UIKit's hit-test picks for a touch-down: the last added
    /// whose hit area contains the point, nil for none. Edges count as
    /// inside, as the store's outcome rule counts them, so the recorded
    /// `hit` and the area the point lies in never disagree.
    func hitTest(x: Double, y: Double) -> String? {
        // Positions are recorded to 0.01 pt: decide on the recorded point.
        let x = SessionTimeline.rounded(x), y = SessionTimeline.rounded(y)
        return icons.last { icon in
            let area = icon.hitArea
            return x >= area.x && x <= area.x + area.width && y >= area.y && y <= area.y + area.height
        }?.name
    }
}
