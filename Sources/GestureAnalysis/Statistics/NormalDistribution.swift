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
/// NormalDistribution.quantile(0.975)                // 1.959963984540054
/// ```
package enum NormalDistribution {
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

    /// x with P(Z ≤ x) = `probability`, for 0 < probability < 1: the critical
    /// value of a confidence interval (1.959963984540054 for 95 %).
    ///
    /// Wichura's algorithm AS 241 (PPND16), accurate to about 1e-16 relative,
    /// as scipy's `norm.ppf` is.
    package static func quantile(_ probability: Double) -> Double {
        precondition(probability > 0 && probability < 1, "a quantile needs 0 < probability < 1")
        let q = probability - 0.5
        if abs(q) <= 0.425 {
            let r = 0.180625 - q * q
            return q * polynomial(r, central.numerator) / polynomial(r, central.denominator)
        }
        var r = q < 0 ? probability : 1 - probability
        r = (-log(r)).squareRoot()
        let coefficients = r <= 5 ? intermediate : tail
        r -= r <= 5 ? 1.6 : 5
        let x = polynomial(r, coefficients.numerator) / polynomial(r, coefficients.denominator)
        return q < 0 ? -x : x
    }

    /// c₀ + c₁·x + c₂·x² + … by Horner's rule.
    private static func polynomial(_ x: Double, _ coefficients: [Double]) -> Double {
        coefficients.reversed().reduce(0) { $0 * x + $1 }
    }

    // AS 241's coefficients, lowest power first.
    private static let central = (
        numerator: [3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125,
                    45921.953931549871457, 67265.770927008700853, 33430.575583588128105, 2509.0809287301226727],
        denominator: [1.0, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077,
                      21213.794301586595867, 39307.89580009271061, 28729.085735721942674, 5226.495278852545925])
    private static let intermediate = (
        numerator: [1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504,
                    1.27045825245236838258, 0.24178072517745061177, 0.0227238449892691845833,
                    7.7454501427834140764e-4],
        denominator: [1.0, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455,
                      0.14810397642748007459, 0.0151986665636164571966, 5.475938084995344946e-4,
                      1.05075007164441684324e-9])
    private static let tail = (
        numerator: [6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123,
                    0.026532189526576123093, 0.0012426609473880784386, 2.71155556874348757815e-5,
                    2.01033439929228813265e-7],
        denominator: [1.0, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525,
                      7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7,
                      2.04426310338993978564e-15])
}
