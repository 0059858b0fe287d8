import SeededRandom

/// How long UIKit takes to hand touch events to the app, and the small gaps
/// between the calls it makes for one event.
enum InputDispatch {
    typealias P = SimulationParameters

    /// From a touch sample's hardware time to the app's first handler:
    /// log-normal around a few milliseconds, now and then a frame-sized hitch.
    /// `conditions` are the session's (``SessionConditions``).
    static func latency(_ rng: inout SeededGenerator, _ conditions: SessionConditions) -> Int64 {
        var millis = rng.logNormal(median: P.dispatchMedianMillis * conditions.dispatchScale, logSigma: P.dispatchLogSigma)
        if rng.chance(conditions.hitchProbability) {
            millis += rng.uniform(P.hitchMillis)
        }
        return SimulatedTime.nanos(millis: millis)
    }

    /// Between two handlers UIKit calls one after the other for one event.
    static func handlerGap(_ rng: inout SeededGenerator) -> Int64 {
        SimulatedTime.nanos(millis: rng.uniform(P.handlerGapMillis))
    }

    /// A duration drawn uniformly from a range of milliseconds.
    static func uniform(_ millis: ClosedRange<Double>, _ rng: inout SeededGenerator) -> Int64 {
        SimulatedTime.nanos(millis: rng.uniform(millis))
    }
}
