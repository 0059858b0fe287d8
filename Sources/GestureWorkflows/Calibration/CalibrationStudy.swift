import Foundation
import GestureAnalysis
import SeededRandom

/// `gesturelab bench --calibration`: how often `compare`'s session-level
/// 95 % intervals cover the true difference, how wide they are against the
/// ideal, and how often its tests reject, on simulated experiments with
/// known truth (``CalibrationScenario``, ``RateScenario``).
///
/// Each data set goes through the code `compare` runs: ``Comparison`` and
/// ``ProportionComparison`` with the session as the unit and their default
/// options (only the seed, and the replicates when asked, set). The truth is
/// the B − A difference of the population quantile of a touch from a random
/// session: the quantile of 4,000,000 simulated touches of random sessions
/// (for rates, the mean rate of 1,000,000 random sessions), once a scenario.
///
/// Deterministic for a seed: every data set has its own generator, seeded
/// from the seed, the scenario's place in the grid and the data set's number.
package struct CalibrationStudy: Sendable {
    package struct Options: Sendable {
        package var seed: UInt64 = 1
        /// Data sets a scenario.
        package var datasets = 200
        /// Replicates of each interval's bootstrap; nil: compare's default.
        package var replicates: Int?
        /// Only these scenarios (all of the grid when nil); for tests.
        package var latencyScenarios: [CalibrationScenario]?
        package var rateScenarios: [RateScenario]?

        package init(seed: UInt64 = 1, datasets: Int = 200, replicates: Int? = nil) {
            self.seed = seed
            self.datasets = datasets
            self.replicates = replicates
        }
    }

    /// A share of data sets with its Monte Carlo standard error.
    package struct Share: Sendable, Equatable {
        package var hits: Int
        package var of: Int
        package var value: Double { of == 0 ? .nan : Double(hits) / Double(of) }
        package var standardError: Double { of == 0 ? .nan : (value * (1 - value) / Double(of)).squareRoot() }
    }

    /// Mean interval width over the ideal, 3.92 × the SD of the estimate over data sets.
    package struct WidthRatio: Sendable, Equatable {
        package var value: Double
        /// Its Monte Carlo SE, from the spread of the widths and of the SD (delta method).
        package var standardError: Double
    }

    /// One latency scenario's figures, at p50, p90, p95, p99.
    package struct LatencyRow: Sendable {
        package var scenario: CalibrationScenario
        package var truth: [Double]
        package var coverage: [Share]
        package var width: [WidthRatio]
        /// Mann–Whitney on session medians at alpha 0.05, shown beside the verdict's.
        package var mannWhitney: Share
        /// The verdict's test, Welch's t on per-session mean log latency, at 0.05.
        package var welch: Share
        /// Largest replicate count any interval drew.
        package var replicates: Int
    }

    package struct RateRow: Sendable {
        package var scenario: RateScenario
        package var truth: Double
        package var coverage: Share
        package var width: WidthRatio
        package var mannWhitney: Share
    }

    package struct Result: Sendable {
        package var options: Options
        package var latency: [LatencyRow]
        package var rates: [RateRow]
        package var seconds: Double
    }

    package var options: Options

    package init(options: Options) { self.options = options }

    /// Runs every scenario; `progress` hears one line a scenario.
    package func run(progress: (String) -> Void = { _ in }) -> Result {
        let start = Date()
        let latencyScenarios = options.latencyScenarios ?? CalibrationScenario.latencyGrid
        let rateScenarios = options.rateScenarios ?? RateScenario.grid
        var truths: [String: [Double]] = [:]
        var latency: [LatencyRow] = []
        for (index, scenario) in latencyScenarios.enumerated() {
            let key = "\(scenario.shape.rawValue) \(scenario.icc)"
            let quantiles = truths[key] ?? Self.populationQuantiles(scenario, seed: options.seed)
            truths[key] = quantiles
            let truth = quantiles.map { $0 * (scenario.scaleB - 1) }
            latency.append(latencyRow(scenario, truth: truth, place: UInt64(index)))
            progress("calibration: latency scenario \(index + 1) of \(latencyScenarios.count)")
        }
        var rates: [RateRow] = []
        for (index, scenario) in rateScenarios.enumerated() {
            rates.append(rateRow(scenario, place: UInt64(10_000 + index)))
            progress("calibration: rate scenario \(index + 1) of \(rateScenarios.count)")
        }
        return Result(options: options, latency: latency, rates: rates, seconds: Date().timeIntervalSince(start))
    }

    /// The seed of data set `dataset` of the scenario at `place`.
    func datasetSeed(place: UInt64, dataset: Int) -> UInt64 {
        var mixer = SeededGenerator(seed: options.seed &+ 0x9E37_79B9_7F4A_7C15 &* (place &+ 1))
        for _ in 0..<(dataset % 7) { _ = mixer.next() }
        return mixer.next() ^ (UInt64(dataset) &* 0xD1B5_4A32_D192_ED03)
    }

    private func latencyRow(_ scenario: CalibrationScenario, truth: [Double], place: UInt64) -> LatencyRow {
        let options = options
        let sessionSpread = Self.sessionSpread(scenario)
        let outcomes = BootstrapInterval.concurrently(options.datasets) { dataset -> LatencyOutcome in
            let seed = datasetSeed(place: place, dataset: dataset)
            var generator = SeededGenerator(seed: seed)
            let groups = (0..<2).map { arm in
                SessionGroup(sessions: (0..<scenario.sessions).map { session in
                    let level = 50 * exp(sessionSpread * generator.nextNormal()) * (arm == 1 ? scenario.scaleB : 1)
                    return (Int64(session), (0..<scenario.touches).map { _ in level * scenario.shape.draw(using: &generator) })
                })
            }
            let comparison = Comparison(a: groups[0], b: groups[1], labels: ("A", "B"),
                                        options: .init(seed: seed, replicates: options.replicates))
            var outcome = LatencyOutcome()
            for (index, delta) in comparison.deltas.enumerated() {
                guard case .success(let interval) = delta.interval else { continue }
                outcome.estimates.append(interval.estimate)
                outcome.widths.append(interval.high - interval.low)
                outcome.covered.append(interval.low <= truth[index] && truth[index] <= interval.high)
                outcome.replicates = max(outcome.replicates, interval.replicates ?? 0)
            }
            if case .success(let test) = comparison.sessionLevel.test { outcome.mannWhitney = test.p < 0.05 }
            if case .success(let test)? = comparison.sessionLevel.welch { outcome.welch = test.p < 0.05 }
            return outcome
        }
        let percents = Comparison.percents.indices
        return LatencyRow(
            scenario: scenario, truth: truth,
            coverage: percents.map { index in Self.share(outcomes.compactMap { $0.covered.indices.contains(index) ? $0.covered[index] : nil }) },
            width: percents.map { index in
                Self.widthRatio(estimates: outcomes.compactMap { $0.estimates.indices.contains(index) ? $0.estimates[index] : nil },
                                widths: outcomes.compactMap { $0.widths.indices.contains(index) ? $0.widths[index] : nil })
            },
            mannWhitney: Self.share(outcomes.compactMap(\.mannWhitney)),
            welch: Self.share(outcomes.compactMap(\.welch)),
            replicates: outcomes.map(\.replicates).max() ?? 0)
    }

    private func rateRow(_ scenario: RateScenario, place: UInt64) -> RateRow {
        let options = options
        let truth = Self.populationRate(scenario, arm: scenario.armB, seed: options.seed)
            - Self.populationRate(scenario, arm: 0, seed: options.seed)
        let outcomes = BootstrapInterval.concurrently(options.datasets) { dataset -> RateOutcome in
            let seed = datasetSeed(place: place, dataset: dataset)
            var generator = SeededGenerator(seed: seed)
            let groups = (0..<2).map { arm in
                SessionProportions(sessions: (0..<scenario.sessions).map { session in
                    let rate = RateScenario.rate(RateScenario.baseLogit + (arm == 1 ? scenario.armB : 0)
                        + scenario.spread * generator.nextNormal())
                    let successes = (0..<scenario.touches).reduce(0) { count, _ in count + (generator.nextUniform() < rate ? 1 : 0) }
                    return (Int64(session), successes, scenario.touches)
                })
            }
            let comparison = ProportionComparison(metric: .reached, a: groups[0], b: groups[1], labels: ("A", "B"),
                                                  options: .init(seed: seed, replicates: options.replicates))
            var outcome = RateOutcome()
            if case .success(let interval) = comparison.delta {
                outcome.estimate = interval.estimate
                outcome.width = interval.high - interval.low
                outcome.covered = interval.low <= truth && truth <= interval.high
            }
            if case .success(let test) = comparison.sessionTest { outcome.mannWhitney = test.p < 0.05 }
            return outcome
        }
        return RateRow(scenario: scenario, truth: truth, coverage: Self.share(outcomes.compactMap(\.covered)),
                       width: Self.widthRatio(estimates: outcomes.compactMap(\.estimate), widths: outcomes.compactMap(\.width)),
                       mannWhitney: Self.share(outcomes.compactMap(\.mannWhitney)))
    }

    private struct LatencyOutcome: Sendable {
        var estimates: [Double] = []
        var widths: [Double] = []
        var covered: [Bool] = []
        var mannWhitney: Bool?
        var welch: Bool?
        var replicates = 0
    }

    private struct RateOutcome: Sendable {
        var estimate: Double?
        var width: Double?
        var covered: Bool?
        var mannWhitney: Bool?
    }
}
