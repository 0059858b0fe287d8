import Foundation

/// Student's t distribution with real (not only whole) degrees of freedom,
/// as the session-level interval and Welch's test need it.
///
/// ``cdf(_:degreesOfFreedom:)`` goes through the regularized incomplete beta
/// function: P(T ≤ t) = 1 − ½·I_x(ν/2, ½) with x = ν/(ν + t²) for t ≥ 0
/// (Lentz's continued fraction, Numerical Recipes' `betacf`).
/// ``quantile(_:degreesOfFreedom:)`` inverts it by bisection. Both agree
/// with `scipy.stats.t.cdf` and `scipy.stats.t.ppf` to about 1e-12
/// (Tests/Reference/session_intervals.py).
///
/// ```swift
/// StudentT.quantile(0.975, degreesOfFreedom: 4)   // 2.7764451051977987
/// StudentT.cdf(2.0, degreesOfFreedom: 10)          // ≈ 0.9633
/// ```
package enum StudentT {
    /// P(T ≤ t) for T with ν degrees of freedom (ν > 0; infinite ν is the normal).
    package static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(nu > 0, "degrees of freedom must be positive")
        if nu.isInfinite { return NormalDistribution.cdf(t) }
        if t == 0 { return 0.5 }
        let x = nu / (nu + t * t)
        let tail = 0.5 * regularizedBeta(x, nu / 2, 0.5)
        return t > 0 ? 1 - tail : tail
    }

    /// Two-sided p: P(|T| ≥ |t|).
    package static func twoSidedP(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        if nu.isInfinite { return NormalDistribution.twoSidedP(t) }
        if t == 0 { return 1 }
        return min(1, regularizedBeta(nu / (nu + t * t), nu / 2, 0.5))
    }

    /// t with P(T ≤ t) = `probability`, for 0 < probability < 1.
    package static func quantile(_ probability: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(probability > 0 && probability < 1, "a quantile needs 0 < probability < 1")
        precondition(nu > 0, "degrees of freedom must be positive")
        if nu.isInfinite || nu > 1e7 { return NormalDistribution.quantile(probability) }
        if probability == 0.5 { return 0 }
        if probability < 0.5 { return -quantile(1 - probability, degreesOfFreedom: nu) }
        // The upper tail 2·(1 − p) = I_x(ν/2, ½) is decreasing in t: bisect on t.
        let tail = 2 * (1 - probability)
        var low = 0.0, high = max(1.0, NormalDistribution.quantile(probability))
        while regularizedBeta(nu / (nu + high * high), nu / 2, 0.5) > tail { high *= 2 }
        for _ in 0..<200 {
            let middle = 0.5 * (low + high)
            if middle == low || middle == high { break }
            if regularizedBeta(nu / (nu + middle * middle), nu / 2, 0.5) > tail { low = middle } else { high = middle }
        }
        return 0.5 * (low + high)
    }

    /// I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1.
    static func regularizedBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        // The continued fraction converges fast for x < (a + 1)/(a + b + 2); use the symmetry otherwise.
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a, b) / a
        }
        return 1 - exp(logFront) * continuedFraction(1 - x, b, a) / b
    }

    /// The continued fraction of I_x(a, b), by the modified Lentz method.
    private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300, epsilon = 1e-16
        let qab = a + b, qap = a + 1, qam = a - 1
        var c = 1.0
        var d = 1 - qab * x / qap
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...10_000 {
            let m = Double(m), m2 = 2 * m
            var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return h
    }
}
