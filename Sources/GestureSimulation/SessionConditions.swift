import SeededRandom

/// What makes one session unlike another of the same variant: the device
/// unit, the person, the device's thermal state and what else it is doing.
/// Touches of one session share all of these, which is why real captures
/// cluster by session and why comparisons take the session as their unit.
///
/// Drawn once per session from a random stream of its own, so the touches,
/// positions and timings of the session are otherwise those it would have
/// without the variation. Every magnitude is in ``SimulationParameters``.
struct SessionConditions: Sendable, Equatable {
    typealias P = SimulationParameters

    /// Multiplies the median of UIKit's input dispatch time (device unit and
    /// thermal state together).
    var dispatchScale: Double
    /// Chance that the main thread is busy when an event arrives (background
    /// load and thermal state).
    var hitchProbability: Double
    /// Multiplies how long this person holds a press or a grab.
    var holdScale: Double
    /// Whether the device was warm (thermal state `.serious`) in this session.
    var isWarm: Bool
    /// Multiplies how far this person's taps land from where they aim.
    var aimScale: Double = 1
    /// Multiplies how fast this person swipes.
    var swipeSpeedScale: Double = 1

    /// No variation: every session alike.
    static let uniform = SessionConditions(dispatchScale: 1, hitchProbability: P.hitchProbability, holdScale: 1,
                                           isWarm: false)

    static func draw(_ rng: inout SeededGenerator) -> SessionConditions {
        let device = rng.logNormal(median: 1, logSigma: P.sessionDeviceLogSigma)
        let isWarm = rng.chance(P.warmSessionProbability)
        let load = rng.logNormal(median: 1, logSigma: P.sessionLoadLogSigma)
        let person = rng.logNormal(median: 1, logSigma: P.sessionPersonLogSigma)
        // Drawn after the others, so that adding them left every earlier draw as it was.
        let aim = rng.logNormal(median: 1, logSigma: P.sessionAimLogSigma)
        let swipeSpeed = rng.logNormal(median: 1, logSigma: P.sessionSwipeSpeedLogSigma)
        return SessionConditions(
            dispatchScale: device * (isWarm ? P.warmDispatchScale : 1),
            hitchProbability: min(0.5, P.hitchProbability * load * (isWarm ? P.warmHitchScale : 1)),
            holdScale: person, isWarm: isWarm, aimScale: aim, swipeSpeedScale: swipeSpeed)
    }
}
