import SeededRandom
import Foundation
import GestureTrace

/// Instant Pan 2023 (docs/sources.md): an "instant" pan recognizer that enters `.began` at
/// touch-down, on a box the user flicks across the screen and catches in flight.
///
/// The app hears each state twice: by KVO on `state` (`observer`), at once,
/// and by target-action. On iPad, and on iPhone near the home indicator,
/// the system gesture gate holds target-action back about 0.75 s after the
/// state changed; actions for later states queue behind it.
struct DeliveryChannelScenario: VariantScenario {
    private typealias P = SimulationParameters
    static let recognizer = "pan"
    static let recognizerClass = "InstantPanGestureRecognizer"

    let variant: ExperimentVariant
    /// iPad gates target-action wherever the touch lands (Instant Pan 2023).
    private let gatesEverywhere: Bool

    init(device: DeviceProfile) {
        gatesEverywhere = device == P.iPad
        variant = ExperimentVariant(name: gatesEverywhere ? "ipad" : "iphone",
                                    config: [("delivery", .string("both"))], device: device)
    }

    func play(touch: Int64, down: Int64, timeline: inout SessionTimeline, rng: inout SeededGenerator) -> Int64 {
        let device = variant.device
        let atBottom = rng.chance(P.panBottomTouchFraction)
        let x = rng.uniform(P.boxSideInsetPoints...(device.screenWidth - P.boxSideInsetPoints))
        let y = atBottom
            ? rng.uniform(device.bottomBandTouchHeights)
            : rng.uniform(P.boxTopInsetPoints...(device.screenHeight - P.boxBottomInsetPoints))
        var channels = Channels(
            gateOpens: gatesEverywhere || device.isInBottomBand(y: y),
            touch: touch)

        timeline.touch(touch, .began, at: down, x: x, y: y)
        let began = down + InputDispatch.latency(&rng, timeline.conditions)
        let heardBegan = channels.changed(to: .began, from: .possible, at: began, timeline: &timeline, rng: &rng)
        // Catching the box: its momentum animation stops when the app hears the touch.
        timeline.stopChanges(at: heardBegan)

        var position = (x: x, y: y)
        var up = down + SimulatedTime.nanos(millis: rng.logNormal(median: P.grabMedianMillis * timeline.conditions.holdScale, logSigma: P.grabLogSigma))
        var state = RecognizerState.began
        let drags = rng.chance(P.dragFraction)
        if drags {
            (position, up, state) = drag(touch: touch, from: (x, y), down: down, channels: &channels,
                                         timeline: &timeline, rng: &rng)
        }
        timeline.touch(touch, .ended, at: up, x: position.x, y: position.y)
        let ended = max(up + InputDispatch.latency(&rng, timeline.conditions), channels.lastTransition + InputDispatch.handlerGap(&rng))
        let heardEnded = channels.changed(to: .ended, from: state, at: ended,
                                          timeline: &timeline, rng: &rng)
        // The box follows the finger, then a flick throws it.
        timeline.presentChanges(from: heardBegan, through: heardEnded)
        if drags {
            timeline.presentChanges(from: heardEnded, through: heardEnded + SimulatedTime.nanos(millis: P.momentumMillis))
        }
        // A new touch may catch the box in flight, but only once every
        // delivery of this one is out.
        return timeline.latestRecordTime
    }

    /// Moves the finger from `start` at flick speed, one `moved` sample per
    /// touch sample, the recognizer going to `.changed` with each.
    private func drag(touch: Int64, from start: (x: Double, y: Double), down: Int64, channels: inout Channels,
                      timeline: inout SessionTimeline, rng: inout SeededGenerator)
        -> (position: (x: Double, y: Double), up: Int64, state: RecognizerState) {
        let device = variant.device
        // At least one sample, so that a drag always reaches `.changed`.
        let duration = max(SimulatedTime.nanos(millis: rng.logNormal(median: P.dragMedianMillis, logSigma: P.dragLogSigma)),
                           SimulatedTime.tick(1, rate: P.touchSampleRate, from: 0))
        let speed = rng.uniform(P.dragSpeedPointsPerMilli)
        // Instant Pan 2023 flicks left to right; towards the side with more room.
        let heading = (start.x < device.screenWidth / 2 ? 0 : Double.pi) + P.flickHeadingSigma * rng.standardNormal()
        var position = start
        var sample: Int64 = 1
        var time = SimulatedTime.tick(sample, rate: P.touchSampleRate, from: down)
        var previous: RecognizerState = .began
        while time - down <= duration {
            let millis = Double(time - down) / SimulatedTime.nanosPerMilli
            let next = (x: start.x + speed * millis * cos(heading), y: start.y + speed * millis * sin(heading))
            // A flick that reaches the screen's edge leaves the glass there.
            guard next.x >= 1, next.x <= device.screenWidth - 1, next.y >= 1, next.y <= device.screenHeight - 1 else {
                break
            }
            position = next
            timeline.touch(touch, .moved, at: time, x: position.x, y: position.y)
            let changed = max(time + InputDispatch.latency(&rng, timeline.conditions), channels.lastTransition + InputDispatch.handlerGap(&rng))
            _ = channels.changed(to: .changed, from: previous, at: changed, timeline: &timeline, rng: &rng)
            previous = .changed
            sample += 1
            time = SimulatedTime.tick(sample, rate: P.touchSampleRate, from: down)
        }
        return (position, time, previous)
    }
}

/// The two ways the app hears the pan's states, and the gate in front of
/// target-action.
private struct Channels {
    private typealias P = SimulationParameters
    let gateOpens: Bool
    let touch: Int64
    private(set) var lastTransition: Int64 = .min
    private var lastAction: Int64 = .min

    init(gateOpens: Bool, touch: Int64) {
        self.gateOpens = gateOpens
        self.touch = touch
    }

    /// Records the transition and both deliveries; returns when the observer heard it.
    mutating func changed(to state: RecognizerState, from previous: RecognizerState, at time: Int64,
                          timeline: inout SessionTimeline, rng: inout SeededGenerator) -> Int64 {
        let recognizer = DeliveryChannelScenario.recognizer
        timeline.transition(recognizer, class: DeliveryChannelScenario.recognizerClass, from: previous, to: state,
                            at: time, touch: touch)
        lastTransition = time
        let observed = time + InputDispatch.uniform(P.observerDelayMillis, &rng)
        timeline.delivery(target: recognizer, event: state.rawValue, via: "observer", at: observed)

        var action = time + InputDispatch.uniform(P.promptTargetActionMillis, &rng)
        if state == .began, gateOpens {
            action = time + SimulatedTime.nanos(millis: rng.truncatedNormal(
                mean: P.targetActionGateMeanMillis, sigma: P.targetActionGateSigmaMillis))
        }
        // Later states wait behind a held `.began` and follow it in order.
        action = max(action, lastAction + InputDispatch.uniform(P.queuedActionGapMillis, &rng))
        lastAction = action
        timeline.delivery(target: recognizer, event: state.rawValue, via: "target-action", at: action)
        return observed
    }
}
