import Foundation

/// The standard normal distribution, as far as the rank tests need it.
///
/// ``cdf(_:)`` follows Cephes' `ndtr`, which scipy uses for the p-values of
/// `mannwhitneyu` and `wilcoxon`: `erf` near zero, `erfc` in the tails, so
/// that tiny tail probabilities keep their relative precision.
///
/// ```swift
/// NormalDistribution.cdf(-1.959963984540054)        // ≈ 0.025
/// NormalDistribution.twoSidedP(1.959963984540054)   // ≈ 0.05
/// ```
enum NormalDistribution {
    /// P(Z ≤ x) for a standard normal Z.
    static func cdf(_ x: Double) -> Double {
        let scaled = x * 0.5.squareRoot()
        let magnitude = abs(scaled)
        if magnitude < 0.5.squareRoot() {
            return 0.5 + 0.5 * erf(scaled)
        }
        let tail = 0.5 * erfc(magnitude)
        return scaled > 0 ? 1 - tail : tail
    }

    /// P(|Z| ≥ |z|) = 2·Φ(−|z|).
    static func twoSidedP(_ z: Double) -> Double {
        2 * cdf(-abs(z))
    }
}
