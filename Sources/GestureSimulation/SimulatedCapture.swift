import SeededRandom
import GestureTrace

/// The records of one simulated capture, generated as they are read.
///
/// Sessions come one after another, each declared by its `session` record
/// before any of its records, variants alternating (A, B, A, B, …) the way
/// an experimenter counterbalances runs. Within a session records are in
/// time order, as a device's recorder writes them. Nothing is held beyond
/// the interaction being played, so ten million records cost no more
/// memory than a thousand.
///
/// Iterating twice gives the same records: everything derives from the seed.
///
/// ```swift
/// let capture = Simulator(options: SimulationOptions(seed: 7)).records(for: .contentTouches)
/// for record in capture { print(TraceWriter.line(for: record)) }
/// ```
package struct SimulatedCapture: Sequence, Sendable {
    package let options: SimulationOptions
    /// The experiments whose sessions the capture holds, in order.
    package let experiments: [SimulatedExperiment]
    /// When set, the capture ends once about this many records are written
    /// (sessions keep coming until then); otherwise it holds
    /// `options.sessionsPerVariant` sessions per variant.
    package let approximateRecords: Int?

    /// - Parameter experiments: in order; a repeated one is dropped, since
    ///   its session ids would repeat.
    package init(options: SimulationOptions, experiments: [SimulatedExperiment], approximateRecords: Int? = nil) {
        self.options = options
        var seen = Set<SimulatedExperiment>()
        self.experiments = experiments.filter { seen.insert($0).inserted }
        self.approximateRecords = approximateRecords.map { Swift.max(0, $0) }
    }

    package func makeIterator() -> Iterator {
        Iterator(capture: self)
    }

    /// Produces the capture's records one at a time.
    package struct Iterator: IteratorProtocol {
        private typealias P = SimulationParameters
        private let capture: SimulatedCapture
        /// The position in `capture.experiments`.
        private var experimentPosition = 0
        private var scenarios: [any VariantScenario] = []
        /// This experiment's record budget, in approximate mode.
        private var budget: Int?
        private var emittedInExperiment = 0
        /// Sessions started in this experiment.
        private var sessionOrdinal = 0

        // The session being played.
        private var inSession = false
        private var scenario: (any VariantScenario)?
        private var timeline = SessionTimeline(session: "", device: P.iPhone, start: 0, frameOrigin: 0)
        private var rng = SeededGenerator(seed: 0)
        private var sessionStart: Int64 = 0
        private var touchesPlayed = 0
        /// The next touch-down: every record earlier than it can be written.
        private var horizon: Int64 = 0

        /// Wall-clock time since the first session started; devices' uptimes
        /// advance with it, so later sessions have later times.
        private var elapsed: Int64 = 0
        private var clockRNG: SeededGenerator

        init(capture: SimulatedCapture) {
            self.capture = capture
            clockRNG = SeededGenerator(seed: capture.options.seed, stream: 0xC10C)
            enterExperiment()
        }

        package mutating func next() -> TraceRecord? {
            while true {
                if inSession {
                    if let record = timeline.next(before: horizon) {
                        emittedInExperiment += 1
                        return record
                    }
                    if horizon == .max {
                        finishSession()
                    } else if touchesPlayed < capture.options.touchesPerSession, !isOverBudget {
                        playTouch()
                    } else {
                        horizon = .max  // write out what is left, then end the session
                    }
                    continue
                }
                if let record = startSession() {
                    emittedInExperiment += 1
                    return record
                }
                experimentPosition += 1
                guard experimentPosition < capture.experiments.count else { return nil }
                enterExperiment()
            }
        }

        private var isOverBudget: Bool {
            guard let budget else { return false }
            return emittedInExperiment + (inSession ? timeline.pendingCount : 0) >= budget
        }

        private mutating func enterExperiment() {
            guard experimentPosition < capture.experiments.count else { return }
            scenarios = capture.experiments[experimentPosition].scenarios
            emittedInExperiment = 0
            sessionOrdinal = 0
            if let total = capture.approximateRecords {
                // Split evenly; the last experiment takes the remainder.
                let count = capture.experiments.count
                let share = total / count
                budget = experimentPosition == count - 1 ? total - share * (count - 1) : share
            }
        }

        /// Declares the next session, or returns nil when the experiment is done.
        private mutating func startSession() -> TraceRecord? {
            if budget == nil {
                guard sessionOrdinal < capture.options.sessionsPerVariant * scenarios.count else { return nil }
            } else if isOverBudget || scenarios.isEmpty {
                return nil
            }
            let experiment = capture.experiments[experimentPosition]
            var scenario = scenarios[sessionOrdinal % scenarios.count]
            let variant = scenario.variant
            let id = "\(variant.name)-\(sessionOrdinal / scenarios.count + 1)"
            rng = SeededGenerator(seed: capture.options.seed,
                                  stream: UInt64(SimulatedExperiment.allCases.firstIndex(of: experiment)!),
                                  UInt64(sessionOrdinal))
            sessionStart = SimulatedTime.nanos(seconds: P.uptimeAtFirstSessionSeconds) + elapsed
            let refresh = SimulatedTime.tick(1, rate: variant.device.refreshRate, from: 0)
            timeline = SessionTimeline(session: id, device: variant.device, start: sessionStart,
                                       frameOrigin: sessionStart + Int64(rng.nextUniform() * Double(refresh)))
            // The session's conditions come from a stream of their own, so
            // that everything else about the session stays as it was.
            var conditionsRNG = SeededGenerator(seed: capture.options.seed, stream: 0x5E55_10C0,
                                                UInt64(SimulatedExperiment.allCases.firstIndex(of: experiment)!),
                                                UInt64(sessionOrdinal))
            timeline.conditions = SessionConditions.draw(&conditionsRNG)
            scenario.begin(at: sessionStart, timeline: &timeline)
            horizon = sessionStart + InputDispatch.uniform(P.leadInMillis, &rng)
            touchesPlayed = 0
            self.scenario = scenario
            inSession = true
            sessionOrdinal += 1
            let startedAt = ISO8601Timestamp.text(
                epochNanos: SimulatedTime.nanos(seconds: P.firstSessionEpochSeconds) + elapsed)
            return .session(SessionRecord(id: id, experiment: experiment.rawValue, variant: variant.name,
                                          config: variant.config, device: variant.device.info,
                                          app: SimulatedBuild.app(ordinal: sessionOrdinal - 1, variants: scenarios.count,
                                                                  of: capture.options.sessionsPerVariant),
                                          startedAt: startedAt))
        }

        private mutating func playTouch() {
            touchesPlayed += 1
            let settled = scenario!.play(touch: Int64(touchesPlayed), down: horizon, timeline: &timeline, rng: &rng)
            let think = SimulatedTime.nanos(millis: rng.logNormal(median: P.thinkMedianMillis, logSigma: P.thinkLogSigma))
            horizon = Swift.max(settled, horizon) + think
        }

        private mutating func finishSession() {
            inSession = false
            scenario = nil
            elapsed += timeline.latestTime - sessionStart + InputDispatch.uniform(P.sessionGapMillis, &clockRNG)
        }
    }
}
