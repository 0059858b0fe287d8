/// What the simulator generates: how much, and from which seed.
///
/// ```swift
/// var options = SimulationOptions()
/// options.seed = 42
/// options.sessionsPerVariant = 10
/// let capture = Simulator(options: options).records(for: .edgeDeferral)
/// ```
package struct SimulationOptions: Sendable, Equatable {
    /// Every random choice derives from it: one seed, one capture, byte for byte.
    package var seed: UInt64
    /// Sessions recorded for each variant of each experiment; variants alternate.
    package var sessionsPerVariant: Int
    /// Touches in each session.
    package var touchesPerSession: Int
    /// The experiments a combined capture holds, in this order.
    package var experiments: [SimulatedExperiment]

    package init(seed: UInt64 = 1, sessionsPerVariant: Int = 4, touchesPerSession: Int = 60,
                experiments: [SimulatedExperiment] = SimulatedExperiment.allCases) {
        self.seed = seed
        self.sessionsPerVariant = sessionsPerVariant
        self.touchesPerSession = touchesPerSession
        self.experiments = experiments
    }
}
