import SeededRandom
import GestureTrace

/// Kulman 2019 and useyourloaf 2017 (docs/sources.md): a voice-record button held down in a chat screen.
///
/// With the keyboard hidden the button sits in the bottom-right corner and
/// the thumb lands in the bottom edge band, where the system gesture gate
/// holds `touchesBegan` and `.touchDown` back while it waits to see whether
/// a system swipe starts; with the keyboard shown the button is well clear
/// of every edge. Deferring `[.bottom, .right]`
/// (`preferredScreenEdgesDeferringSystemGestures`) removes the gate.
struct EdgeDeferralScenario: VariantScenario {
    private typealias P = SimulationParameters
    /// The button's id as the recorder names it.
    static let button = "recordButton"

    let defersEdges: Bool
    let variant: ExperimentVariant

    init(defersEdges: Bool) {
        self.defersEdges = defersEdges
        variant = ExperimentVariant(
            name: defersEdges ? "deferral-on" : "deferral-off",
            config: [("delivery", .string("control-event")),
                     ("deferred_edges", .string(defersEdges ? "bottom+right" : "none"))],
            device: P.iPhone)
    }

    func play(touch: Int64, down: Int64, timeline: inout SessionTimeline, rng: inout SeededGenerator) -> Int64 {
        let device = variant.device
        let (x, y) = touchDownPoint(&rng)
        let up = down + SimulatedTime.nanos(millis: rng.logNormal(median: P.holdMedianMillis * timeline.conditions.holdScale, logSigma: P.holdLogSigma))

        timeline.touch(touch, .began, at: down, x: x, y: y)
        addJitter(touch: touch, from: down, until: up, x: x, y: y, timeline: &timeline, rng: &rng)
        timeline.touch(touch, .ended, at: up, x: x, y: y)

        let arrival = down + InputDispatch.latency(&rng, timeline.conditions)
        let liftArrival = max(up + InputDispatch.latency(&rng, timeline.conditions), arrival)
        var released = arrival
        if !defersEdges, device.isInBottomBand(y: y) {
            // The gate gives up waiting when the finger lifts before it times out.
            released = min(arrival + SimulatedTime.nanos(millis: rng.uniform(P.edgeGateMillis)), liftArrival)
        }
        let (touchDown, touchUpInside) = timeline.buttonPress(Self.button, touchesBegan: released,
                                                              liftArrival: liftArrival, touch: touch, rng: &rng)
        // The button turns to its recording state at touch-down, and fades back after release.
        timeline.presentChanges(from: touchDown, through: touchDown)
        timeline.presentChanges(from: touchUpInside,
                                through: touchUpInside + SimulatedTime.nanos(millis: P.releaseAnimationMillis))
        return timeline.latestTime
    }

    /// Where the thumb lands: on the button's part inside the bottom band
    /// (keyboard hidden), or on the button raised above the keyboard.
    private func touchDownPoint(_ rng: inout SeededGenerator) -> (Double, Double) {
        let device = variant.device
        let width = device.screenWidth, height = device.screenHeight
        if rng.chance(P.bottomTouchFraction) {
            let right = width - P.recordButtonInsetPoints
            return (rng.uniform((right - P.buttonPoints)...right),
                    rng.uniform(device.bottomBandTouchHeights))
        }
        // Assumption: with the keyboard up the thumb lands on the button's
        // inner part, a point clear of the right band, so these touches are `center`.
        let right = width - P.edgeBandPoints - 1
        let top = height - P.keyboardPoints - P.keyboardGapPoints - P.buttonPoints
        return (rng.uniform((right - P.buttonPoints)...right), rng.uniform(top...(top + P.buttonPoints)))
    }

    /// A resting thumb's occasional `moved` samples at the touch sample rate.
    private func addJitter(touch: Int64, from down: Int64, until up: Int64, x: Double, y: Double,
                           timeline: inout SessionTimeline, rng: inout SeededGenerator) {
        let device = variant.device
        var sample: Int64 = 1
        while true {
            let time = SimulatedTime.tick(sample, rate: P.touchSampleRate, from: down)
            guard time < up else { return }
            if rng.chance(P.holdJitterSampleProbability) {
                let jitteredX = min(max(x + P.holdJitterPoints * rng.standardNormal(), 0), device.screenWidth)
                let jitteredY = min(max(y + P.holdJitterPoints * rng.standardNormal(), 0), device.screenHeight)
                timeline.touch(touch, .moved, at: time, x: jitteredX, y: jitteredY)
            }
            sample += 1
        }
    }
}
