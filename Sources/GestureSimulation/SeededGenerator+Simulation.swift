import SeededRandom
import Foundation

/// The variates the simulator draws, from a ``SeededGenerator``'s uniforms only.
///
/// Written out rather than taken from `Double.random(in:using:)`, whose
/// algorithm Swift does not promise to keep: a seed must give the same
/// capture with every toolchain.
extension SeededGenerator {
    /// A generator for one part of a simulation, independent of the others:
    /// `seed` and the part's coordinates mixed by SplitMix64's finalizer.
    ///
    /// ```swift
    /// var rng = SeededGenerator(seed: 1, stream: 0, 3)   // experiment 0, session 3
    /// ```
    init(seed: UInt64, stream coordinates: UInt64...) {
        var mixed = seed
        for coordinate in coordinates {
            mixed = Self.mix(mixed &+ 0x9E37_79B9_7F4A_7C15 &* (coordinate &+ 1))
        }
        self.init(seed: mixed)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        nextUniform() < probability
    }

    /// A uniform value in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUniform()
    }

    /// A standard normal variate: the analysis module's, so one algorithm
    /// serves both the bootstrap and the simulator.
    mutating func standardNormal() -> Double {
        nextNormal()
    }

    /// A normal variate cut at `limit` standard deviations: no absurd outliers.
    mutating func truncatedNormal(mean: Double, sigma: Double, limit: Double = 3) -> Double {
        while true {
            let z = standardNormal()
            if abs(z) <= limit { return mean + sigma * z }
        }
    }

    /// A log-normal variate given its median and the σ of its logarithm:
    /// skewed right, never negative, the usual shape of latencies and durations.
    mutating func logNormal(median: Double, logSigma: Double) -> Double {
        median * exp(logSigma * standardNormal())
    }
}
