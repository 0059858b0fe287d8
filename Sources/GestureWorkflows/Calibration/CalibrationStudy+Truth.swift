import Foundation
import GestureAnalysis
import SeededRandom

extension CalibrationStudy {
    /// Touches of random sessions drawn for the truth.
    static let truthDraws = 4_000_000

    /// σ_b: the SD of the session effect on the log scale, from the ICC and
    /// Var(log W) (measured once a shape, from 1,000,000 draws).
    static func sessionSpread(_ scenario: CalibrationScenario) -> Double {
        guard scenario.icc > 0 else { return 0 }
        let within: Double
        switch scenario.shape {
        case .logNormal: within = 0.25
        case .gammaTail: within = gammaTailLogVariance
        }
        return (scenario.icc / (1 - scenario.icc) * within).squareRoot()
    }

    static let gammaTailLogVariance = logNoiseVariance(.gammaTail)

    /// Var(log W) of a shape, simulated with a fixed seed.
    static func logNoiseVariance(_ shape: CalibrationScenario.Shape) -> Double {
        var generator = SeededGenerator(seed: 0x5EED)
        var sum = 0.0, squares = 0.0
        let count = 1_000_000
        for _ in 0..<count {
            let value = log(shape.draw(using: &generator))
            sum += value
            squares += value * value
        }
        let mean = sum / Double(count)
        return squares / Double(count) - mean * mean
    }

    /// A's population p50, p90, p95, p99 for the scenario's shape and ICC: the
    /// quantiles of ``truthDraws`` touches, each from a new random session.
    static func populationQuantiles(_ scenario: CalibrationScenario, seed: UInt64) -> [Double] {
        let spread = sessionSpread(scenario)
        let parts = BootstrapInterval.concurrently(8) { part -> [Double] in
            var generator = SeededGenerator(seed: seed &+ 0xA5A5 &+ UInt64(part))
            return (0..<(truthDraws / 8)).map { _ in
                50 * exp(spread * generator.nextNormal()) * scenario.shape.draw(using: &generator)
            }
        }
        let sorted = parts.flatMap { $0 }.sorted()
        return Comparison.percents.map { Percentile.of(sorted: sorted, percent: $0)! }
    }

    /// The mean rate of ``truthDraws``/4 random sessions with `arm` added to the logit.
    static func populationRate(_ scenario: RateScenario, arm: Double, seed: UInt64) -> Double {
        guard scenario.spread > 0 else { return RateScenario.rate(RateScenario.baseLogit + arm) }
        var generator = SeededGenerator(seed: seed &+ 0xB0B)
        var sum = 0.0
        for _ in 0..<(truthDraws / 4) {
            sum += RateScenario.rate(RateScenario.baseLogit + arm + scenario.spread * generator.nextNormal())
        }
        return sum / Double(truthDraws / 4)
    }

    static func share(_ outcomes: [Bool]) -> Share {
        Share(hits: outcomes.filter { $0 }.count, of: outcomes.count)
    }

    /// Mean width over 3.92 × SD(estimates); its SE by the delta method from
    /// the SE of the mean width and the SD's relative SE ≈ 1/√(2(D − 1)).
    static func widthRatio(estimates: [Double], widths: [Double]) -> WidthRatio {
        let count = Double(widths.count)
        guard count >= 3 else { return WidthRatio(value: .nan, standardError: .nan) }
        let meanWidth = widths.reduce(0, +) / count
        let spreadOfWidths = (widths.reduce(0) { $0 + ($1 - meanWidth) * ($1 - meanWidth) } / (count - 1)).squareRoot()
        let meanEstimate = estimates.reduce(0, +) / Double(estimates.count)
        let deviation = (estimates.reduce(0) { $0 + ($1 - meanEstimate) * ($1 - meanEstimate) }
            / Double(estimates.count - 1)).squareRoot()
        guard deviation > 0 else { return WidthRatio(value: .nan, standardError: .nan) }
        let ratio = meanWidth / (3.92 * deviation)
        let relative = ((spreadOfWidths / meanWidth) * (spreadOfWidths / meanWidth) / count
            + 1 / (2 * (count - 1))).squareRoot()
        return WidthRatio(value: ratio, standardError: ratio * relative)
    }
}
