import Foundation
import GestureTrace
import SeededRandom

/// WWDC 2014 (docs/sources.md): draggable dots on a canvas that also pulls a drawer with a slow swipe.
///
/// A dot highlights in `touchesBegan`. Half the touches grab a dot, hold
/// it until its long press begins, drag it and drop it elsewhere (the dot
/// moves: a later `target` record gives its new frame). The other half are
/// slow swipes that start on a dot: the canvas's pan takes them once the
/// finger has moved past its hysteresis, and the dot's touch is cancelled.
///
/// Without a touch delay the dot hears every touch at once, so each swipe
/// highlights a dot and takes the highlight back: a false start. With the
/// touch-delay recognizer (`delaysTouchesBegan`, failing after 0.15 s) the
/// dot hears nothing of a swipe the pan takes within 150 ms, but every
/// start, grabs included, waits those 150 ms.
///
/// The app registers the dots and the touch-delay recognizer with the
/// recorder, not the canvas's pan: the pan's work shows as the dots'
/// cancelled touches.
struct TouchDelayScenario: VariantScenario {
    private typealias P = SimulationParameters
    static let dotClass = "DotView"
    static let touchDelay = "canvas.touchDelay"
    static let touchDelayClass = "TouchDelayGestureRecognizer"

    let delaysTouches: Bool
    let variant: ExperimentVariant
    /// The dots' names and centres, in subview order: the last is on top.
    private(set) var dots: [(name: String, x: Double, y: Double)]

    init(delaysTouches: Bool) {
        self.delaysTouches = delaysTouches
        variant = ExperimentVariant(name: delaysTouches ? "delay-on" : "delay-off",
                                    config: [("touch_delay", .bool(delaysTouches))], device: P.iPhone)
        dots = (0..<(P.dotColumns * P.dotRows)).map { index in
            (name: "dot\(index + 1)", x: P.dotGridOrigin.x + P.dotSpacingPoints * Double(index % P.dotColumns),
             y: P.dotGridOrigin.y + P.dotSpacingPoints * Double(index / P.dotColumns))
        }
    }

    static func frame(x: Double, y: Double) -> TargetRect {
        TargetRect(x: x - P.dotPoints / 2, y: y - P.dotPoints / 2, width: P.dotPoints, height: P.dotPoints)
    }

    mutating func begin(at start: Int64, timeline: inout SessionTimeline) {
        for dot in dots {
            timeline.target(dot.name, class: Self.dotClass, frame: Self.frame(x: dot.x, y: dot.y), at: start)
        }
    }

    mutating func play(touch: Int64, down: Int64, timeline: inout SessionTimeline, rng: inout SeededGenerator) -> Int64 {
        let aimed = dots[Int(rng.nextUniform() * Double(dots.count))]
        // Assumption: the finger lands well inside the dot, within the middle 70 % of its frame.
        let x = aimed.x + (rng.nextUniform() - 0.5) * 0.7 * P.dotPoints
        let y = aimed.y + (rng.nextUniform() - 0.5) * 0.7 * P.dotPoints
        let hit = hitTest(x: x, y: y)
        timeline.touch(touch, .began, at: down, x: x, y: y, hit: hit ?? "")
        let arrival = down + InputDispatch.latency(&rng, timeline.conditions)
        if rng.chance(P.swipeFraction) {
            swipe(touch: touch, from: (x, y), down: down, arrival: arrival, dot: hit, timeline: &timeline, rng: &rng)
        } else {
            grab(touch: touch, from: (x, y), down: down, arrival: arrival, dot: hit, timeline: &timeline, rng: &rng)
        }
        return timeline.latestTime
    }

    /// The dot UIKit's hit-test picks: the topmost whose frame holds the
    /// recorded point (edges included, as the store counts them), nil for none.
    func hitTest(x: Double, y: Double) -> String? {
        let x = SessionTimeline.rounded(x), y = SessionTimeline.rounded(y)
        return dots.last { dot in
            abs(x - dot.x) <= P.dotPoints / 2 && abs(y - dot.y) <= P.dotPoints / 2
        }?.name
    }

    /// A slow swipe: the finger rests, then moves vertically at a slow
    /// speed; the pan begins at the first sample past its hysteresis.
    private func swipe(touch: Int64, from start: (x: Double, y: Double), down: Int64, arrival: Int64, dot: String?,
                       timeline: inout SessionTimeline, rng: inout SeededGenerator) {
        let device = variant.device
        let moveStart = down + InputDispatch.uniform(P.scrollRestMillis, &rng)
        let speed = rng.logNormal(median: P.slowSwipeMedianSpeed * timeline.conditions.swipeSpeedScale,
                                  logSigma: P.slowSwipeLogSigma)
        let duration = SimulatedTime.nanos(millis: rng.logNormal(median: P.swipeMedianMillis, logSigma: P.swipeLogSigma))
        // Pulling the drawer: towards the side of the screen with more room.
        let direction: Double = start.y < device.screenHeight / 2 ? 1 : -1
        var panBegan: Int64?
        var position = start
        var sample: Int64 = 1
        var time = SimulatedTime.tick(sample, rate: P.touchSampleRate, from: down)
        while panBegan == nil || time <= moveStart + duration {
            if time > moveStart {
                let moved = speed * Double(time - moveStart) / SimulatedTime.nanosPerMilli
                let y = start.y + direction * moved
                guard y >= P.scrollMarginPoints, y <= device.screenHeight - P.scrollMarginPoints else { break }
                position = (x: start.x, y: y)
                timeline.touch(touch, .moved, at: time, x: position.x, y: position.y)
                if panBegan == nil, moved >= P.panHysteresisPoints {
                    panBegan = time + InputDispatch.latency(&rng, timeline.conditions)
                }
            }
            sample += 1
            time = SimulatedTime.tick(sample, rate: P.touchSampleRate, from: down)
        }
        timeline.touch(touch, .ended, at: time, x: position.x, y: position.y)
        let liftArrival = max(time + InputDispatch.latency(&rng, timeline.conditions), (panBegan ?? arrival) + InputDispatch.handlerGap(&rng))
        if let panBegan {
            // The drawer follows the finger from the pan's start.
            timeline.presentChanges(from: panBegan, through: liftArrival)
        }
        guard let dot else { return }
        guard let touchesBegan = deliverBegan(touch: touch, to: dot, arrival: arrival, liftArrival: liftArrival,
                                              takenAt: panBegan, timeline: &timeline, rng: &rng) else { return }
        let finished: Int64
        if let panBegan {
            finished = max(panBegan, touchesBegan) + InputDispatch.handlerGap(&rng)
            timeline.delivery(target: dot, event: "touchesCancelled", via: "touches", at: finished, touch: touch)
        } else {
            finished = max(liftArrival, touchesBegan + InputDispatch.handlerGap(&rng))
            timeline.delivery(target: dot, event: "touchesEnded", via: "touches", at: finished, touch: touch)
        }
        // Highlighted from touchesBegan, back to normal when cancelled or ended.
        timeline.presentChanges(from: touchesBegan, through: touchesBegan)
        timeline.presentChanges(from: finished, through: finished)
    }

    /// A grab: the finger holds still until the long press begins, then
    /// drags the dot, which is dropped where the finger lifts.
    private mutating func grab(touch: Int64, from start: (x: Double, y: Double), down: Int64, arrival: Int64, dot: String?,
                               timeline: inout SessionTimeline, rng: inout SeededGenerator) {
        let device = variant.device
        let dragStart = down + SimulatedTime.nanos(millis: P.longPressMillis + rng.uniform(P.dragReactionMillis))
        let duration = SimulatedTime.nanos(millis: rng.logNormal(median: P.dragMedianMillis * timeline.conditions.holdScale,
                                                                logSigma: P.dragLogSigma))
        let speed = rng.uniform(P.dotDragSpeedPointsPerMilli)
        let heading = 2 * Double.pi * rng.nextUniform()
        // Dots stay on the canvas: clear of the screen's sides and of the bars above and below.
        let xs = P.dotPoints...(device.screenWidth - P.dotPoints)
        let ys = P.cellRowsInsetPoints...(device.screenHeight - P.cellRowsInsetPoints)
        var position = start
        var sample: Int64 = 1
        var time = SimulatedTime.tick(sample, rate: P.touchSampleRate, from: down)
        while time <= dragStart + duration {
            if time > dragStart {
                let moved = speed * Double(time - dragStart) / SimulatedTime.nanosPerMilli
                position = (x: min(max(start.x + moved * cos(heading), xs.lowerBound), xs.upperBound),
                            y: min(max(start.y + moved * sin(heading), ys.lowerBound), ys.upperBound))
                timeline.touch(touch, .moved, at: time, x: position.x, y: position.y)
            }
            sample += 1
            time = SimulatedTime.tick(sample, rate: P.touchSampleRate, from: down)
        }
        timeline.touch(touch, .ended, at: time, x: position.x, y: position.y)
        let liftArrival = time + InputDispatch.latency(&rng, timeline.conditions)
        guard let dot, let index = dots.firstIndex(where: { $0.name == dot }) else { return }
        guard let touchesBegan = deliverBegan(touch: touch, to: dot, arrival: arrival, liftArrival: liftArrival,
                                              takenAt: nil, timeline: &timeline, rng: &rng) else { return }
        let ended = max(liftArrival, touchesBegan + InputDispatch.handlerGap(&rng))
        timeline.delivery(target: dot, event: "touchesEnded", via: "touches", at: ended, touch: touch)
        timeline.presentChanges(from: touchesBegan, through: touchesBegan)
        timeline.presentChanges(from: dragStart + InputDispatch.latency(&rng, timeline.conditions),
                                through: ended + SimulatedTime.nanos(millis: P.dropAnimationMillis))

        // Dropped where the finger lifted, on top of the others: the layout changed.
        let moved = dots.remove(at: index)
        let centre = (x: SessionTimeline.rounded(position.x), y: SessionTimeline.rounded(position.y))
        dots.append((name: moved.name, x: centre.x, y: centre.y))
        // A dot dropped where it was is not a layout change (a recorder writes nothing for it).
        if centre != (moved.x, moved.y) {
            timeline.target(moved.name, class: Self.dotClass, frame: Self.frame(x: centre.x, y: centre.y), at: ended)
        }
    }

    /// Delivers `touchesBegan` to the dot: at once without a touch delay;
    /// with one, when its timer fails it or the finger lifts, and never when
    /// the pan takes the touch first (`takenAt`), which fails it too.
    ///
    /// - Returns: when `touchesBegan` was delivered, nil when it never was.
    private func deliverBegan(touch: Int64, to dot: String, arrival: Int64, liftArrival: Int64, takenAt: Int64?,
                              timeline: inout SessionTimeline, rng: inout SeededGenerator) -> Int64? {
        guard delaysTouches else {
            timeline.delivery(target: dot, event: "touchesBegan", via: "touches", at: arrival, touch: touch)
            return arrival
        }
        let timerFires = arrival + SimulatedTime.nanos(millis: P.touchDelayTimerMillis)
        let failed = min(timerFires, liftArrival, takenAt ?? .max)
        timeline.transition(Self.touchDelay, class: Self.touchDelayClass, from: .possible, to: .failed, at: failed,
                            touch: touch)
        if let takenAt, takenAt <= failed { return nil }
        let touchesBegan = failed + InputDispatch.handlerGap(&rng)
        timeline.delivery(target: dot, event: "touchesBegan", via: "touches", at: touchesBegan, touch: touch)
        return touchesBegan
    }
}
