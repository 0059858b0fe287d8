import SeededRandom
import Foundation
import GestureTrace

/// UIButton highlight and WWDC 2014 (docs/sources.md): buttons in the cells of a scroll view.
///
/// With `delaysContentTouches` the scroll view's touch-delay recognizer
/// holds `touchesBegan` back until its 150 ms timer fires or the finger
/// lifts, whichever comes first, in case the touch turns into a scroll;
/// without it the button hears the touch at once and is cancelled if a
/// scroll starts. A quarter of the touches scroll.
///
/// Assumption: the app overrides `touchesShouldCancel(in:)` to return true
/// for buttons (UIButton highlight's fix), so a scroll can start on a button either way.
struct ContentTouchesScenario: VariantScenario {
    private typealias P = SimulationParameters
    static let button = "cellButton"
    static let scrollView = "scrollView"
    static let pan = "scrollView.pan"
    static let panClass = "UIScrollViewPanGestureRecognizer"
    static let touchDelay = "scrollView.touchDelay"
    static let touchDelayClass = "UIScrollViewDelayedTouchesBeganGestureRecognizer"

    let delaysContentTouches: Bool
    let variant: ExperimentVariant

    init(delaysContentTouches: Bool) {
        self.delaysContentTouches = delaysContentTouches
        variant = ExperimentVariant(name: delaysContentTouches ? "delays-on" : "delays-off",
                                    config: [("delays_content_touches", .bool(delaysContentTouches))],
                                    device: P.iPhone)
    }

    func play(touch: Int64, down: Int64, timeline: inout SessionTimeline, rng: inout SeededGenerator) -> Int64 {
        let device = variant.device
        // A cell's button, on the right of the row; rows stay clear of the edge bands.
        let x = device.screenWidth - rng.uniform(P.cellButtonInsetPoints)
        let y = rng.uniform(P.cellRowsInsetPoints...(device.screenHeight - P.cellRowsInsetPoints))
        timeline.touch(touch, .began, at: down, x: x, y: y)
        let arrival = down + InputDispatch.latency(&rng, timeline.conditions)
        if rng.chance(P.scrollFraction) {
            scroll(touch: touch, from: (x, y), down: down, arrival: arrival, timeline: &timeline, rng: &rng)
        } else {
            press(touch: touch, at: (x, y), down: down, arrival: arrival, timeline: &timeline, rng: &rng)
        }
        // The next touch comes after deceleration: a touch on a moving scroll
        // view only stops it and reaches no button.
        return timeline.latestTime
    }

    private func press(touch: Int64, at point: (x: Double, y: Double), down: Int64, arrival: Int64,
                       timeline: inout SessionTimeline, rng: inout SeededGenerator) {
        let up = down + SimulatedTime.nanos(millis: rng.logNormal(median: P.pressMedianMillis * timeline.conditions.holdScale, logSigma: P.pressLogSigma))
        timeline.touch(touch, .ended, at: up, x: point.x, y: point.y)
        let liftArrival = max(up + InputDispatch.latency(&rng, timeline.conditions), arrival + InputDispatch.handlerGap(&rng))
        var touchesBegan = arrival
        if delaysContentTouches {
            // The touch-delay recognizer fails when its timer fires or the finger lifts.
            let failed = min(arrival + SimulatedTime.nanos(millis: P.contentTouchDelayMillis), liftArrival)
            timeline.transition(Self.touchDelay, class: Self.touchDelayClass, from: .possible, to: .failed,
                                at: failed, touch: touch)
            touchesBegan = failed + InputDispatch.handlerGap(&rng)
        }
        let (touchDown, touchUpInside) = timeline.buttonPress(Self.button, touchesBegan: touchesBegan,
                                                              liftArrival: liftArrival, touch: touch, rng: &rng)
        // Highlighted at touch-down, fading out after release.
        timeline.presentChanges(from: touchDown, through: touchUpInside + SimulatedTime.nanos(millis: P.unhighlightMillis))
    }

    private func scroll(touch: Int64, from start: (x: Double, y: Double), down: Int64, arrival: Int64,
                        timeline: inout SessionTimeline, rng: inout SeededGenerator) {
        let device = variant.device
        let moveStart = down + InputDispatch.uniform(P.scrollRestMillis, &rng)
        let speed = rng.uniform(P.scrollSpeedPointsPerMilli)
        let direction: Double = start.y > device.screenHeight / 2 ? -1 : 1
        // Long enough to pass the pan's hysteresis with samples to spare.
        let toHysteresis = SimulatedTime.nanos(millis: P.panHysteresisPoints / speed)
        let duration = max(SimulatedTime.nanos(millis: rng.logNormal(median: P.scrollMedianMillis, logSigma: P.scrollLogSigma)),
                           toHysteresis + SimulatedTime.tick(3, rate: P.touchSampleRate, from: 0))
        var panBegan: Int64?
        var panState = RecognizerState.possible
        var lastTransition = arrival
        var position = start
        var sample: Int64 = 1
        var time = SimulatedTime.tick(sample, rate: P.touchSampleRate, from: down)
        while time <= moveStart + duration {
            if time > moveStart {
                let moved = speed * Double(time - moveStart) / SimulatedTime.nanosPerMilli
                let y = start.y + direction * moved
                // Near the top or bottom the thumb runs out of room and lifts.
                guard y >= P.scrollMarginPoints, y <= device.screenHeight - P.scrollMarginPoints else { break }
                position = (x: start.x + P.scrollDriftRatio * moved, y: y)
                timeline.touch(touch, .moved, at: time, x: position.x, y: position.y)
                if abs(position.y - start.y) >= P.panHysteresisPoints {
                    let handled = max(time + InputDispatch.latency(&rng, timeline.conditions), lastTransition + InputDispatch.handlerGap(&rng))
                    let next: RecognizerState = panState == .possible ? .began : .changed
                    timeline.transition(Self.pan, class: Self.panClass, from: panState, to: next, at: handled, touch: touch)
                    panState = next
                    if panBegan == nil {
                        panBegan = handled
                        timeline.delivery(target: Self.scrollView, event: "willBeginDragging", via: "delegate",
                                          at: handled + InputDispatch.handlerGap(&rng))
                    }
                    lastTransition = handled
                }
            }
            sample += 1
            time = SimulatedTime.tick(sample, rate: P.touchSampleRate, from: down)
        }
        let up = time
        timeline.touch(touch, .ended, at: up, x: position.x, y: position.y)
        let ended = max(up + InputDispatch.latency(&rng, timeline.conditions), lastTransition + InputDispatch.handlerGap(&rng))
        // A pan that never passed its hysteresis fails instead of ending.
        timeline.transition(Self.pan, class: Self.panClass, from: panState,
                            to: panState == .possible ? .failed : .ended, at: ended, touch: touch)
        if panBegan != nil {
            timeline.delivery(target: Self.scrollView, event: "didEndDragging", via: "delegate",
                              at: ended + InputDispatch.handlerGap(&rng))
        }

        let began = panBegan ?? ended
        deliverToButton(touch: touch, arrival: arrival, scrollBegan: began, timeline: &timeline, rng: &rng)
        // Content follows the finger, then decelerates at UIScrollView's normal rate.
        let decelerationMillis = log(P.decelerationStopSpeed / speed) / log(P.decelerationRatePerMilli)
        timeline.presentChanges(from: began, through: ended + SimulatedTime.nanos(millis: max(decelerationMillis, 0)))
    }

    /// What the button hears of a touch that becomes a scroll: nothing when
    /// the scroll starts while touches are still delayed; otherwise the touch
    /// begins and is cancelled when the scroll starts.
    private func deliverToButton(touch: Int64, arrival: Int64, scrollBegan: Int64,
                                 timeline: inout SessionTimeline, rng: inout SeededGenerator) {
        var touchesBegan = arrival
        if delaysContentTouches {
            let timerFires = arrival + SimulatedTime.nanos(millis: P.contentTouchDelayMillis)
            guard timerFires < scrollBegan else { return }
            timeline.transition(Self.touchDelay, class: Self.touchDelayClass, from: .possible, to: .failed,
                                at: timerFires, touch: touch)
            touchesBegan = timerFires + InputDispatch.handlerGap(&rng)
        }
        let touchDown = touchesBegan + InputDispatch.handlerGap(&rng)
        let cancelled = max(scrollBegan, touchDown) + InputDispatch.handlerGap(&rng)
        timeline.delivery(target: Self.button, event: "touchesBegan", via: "touches", at: touchesBegan, touch: touch)
        timeline.delivery(target: Self.button, event: "touchDown", via: "control-event", at: touchDown, touch: touch)
        timeline.delivery(target: Self.button, event: "touchesCancelled", via: "touches", at: cancelled, touch: touch)
        timeline.delivery(target: Self.button, event: "touchCancel", via: "control-event",
                          at: cancelled + InputDispatch.handlerGap(&rng), touch: touch)
        timeline.presentChanges(from: touchDown, through: cancelled)
    }
}
