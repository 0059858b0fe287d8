import Foundation
import SeededRandom

/// Binomial variates in O(1) expected time, from a ``SeededGenerator``.
///
/// Below a mean of 30 (of the rarer outcome) by inversion of the
/// distribution function, one uniform and about `mean` multiplications;
/// above it by BTPE, the triangle-parallelogram-exponential
/// acceptance–rejection of Kachitvichyanukul & Schmeiser (1988), two
/// uniforms and seldom a logarithm per variate whatever n. The same split
/// as numpy's legacy `random.binomial`. Both are exact: inversion walks
/// the probabilities themselves, and BTPE accepts a candidate with its
/// probability under the binomial (the squeezes only decide early what the
/// full test would). Only IEEE arithmetic and `log`/`exp`/`sqrt` are used,
/// so a seed gives the same variates on every platform.
///
/// ```swift
/// var rng = SeededGenerator(seed: 3)
/// let heads = rng.nextBinomial(1_000_000, 0.5)   // about 500,000
/// ```
extension SeededGenerator {
    /// A Binomial(`trials`, `probability`) variate.
    ///
    /// - Precondition: `trials` ≥ 0; `probability` outside (0, 1) gives 0 or `trials`.
    package mutating func nextBinomial(_ trials: Int, _ probability: Double) -> Int {
        if trials <= 0 || probability <= 0 { return 0 }
        if probability >= 1 { return trials }
        let flipped = probability > 0.5
        let p = flipped ? 1 - probability : probability
        let count = Double(trials) * p < 30 ? binomialByInversion(trials, p) : binomialBTPE(trials, p)
        return flipped ? trials - count : count
    }

    /// Binomial(n, p), p ≤ ½, by inversion: walk up the distribution
    /// function from 0 until it passes one uniform.
    ///
    /// If rounding leaves the uniform above every probability summed (it can
    /// only be by a few ulps), the draw is rejected and made again: that
    /// conditions on an event of probability ~1e-16 and changes nothing a
    /// double can show.
    private mutating func binomialByInversion(_ n: Int, _ p: Double) -> Int {
        binomialByInversion(n, p, probabilityOfNone: exp(Double(n) * log1p(-p)))
    }

    /// Binomial(n, p) by inversion, given P(0) = (1 − p)ⁿ: for a caller that
    /// has it at hand (a power of a probability it keeps).
    ///
    /// - Precondition: p ≤ ½ and n·p < 30, where inversion is quick.
    mutating func binomialByInversion(_ n: Int, _ p: Double, probabilityOfNone zero: Double) -> Int {
        binomialByInversion(n, ratio: p / (1 - p), probabilityOfNone: zero)
    }

    /// Binomial(n, p) by inversion, given P(0) = (1 − p)ⁿ and the ratio
    /// p / (1 − p): for a caller that keeps both for the p it meets often.
    ///
    /// - Precondition: p ≤ ½ and n·p < 30, where inversion is quick.
    @inline(__always)
    mutating func binomialByInversion(_ n: Int, ratio: Double, probabilityOfNone zero: Double) -> Int {
        while true {
            var u = nextUniform()
            var probability = zero
            var k = 0
            while true {
                if u < probability { return k }
                u -= probability
                if k == n || probability == 0 { break }
                probability *= ratio * Double(n - k) / Double(k + 1)
                k += 1
            }
        }
    }

    /// Binomial(n, p), p ≤ ½ and n·p ≥ 30, by BTPE (Kachitvichyanukul &
    /// Schmeiser 1988, steps 0–6): a triangle around the mode, two
    /// parallelograms beside it and exponential tails majorize the
    /// distribution; a candidate is accepted outright under the triangle,
    /// else by the recursive ratio f(y)/f(mode) near the mode or by the
    /// Stirling-series bounds on log f(y)/f(mode) further out.
    private mutating func binomialBTPE(_ n: Int, _ p: Double) -> Int {
        let nd = Double(n), q = 1 - p
        let npq = nd * p * q
        let fm = nd * p + p
        let mode = Int(fm.rounded(.down))
        let modeD = Double(mode)
        let p1 = (2.195 * npq.squareRoot() - 4.6 * q).rounded(.down) + 0.5
        let xm = modeD + 0.5
        let xl = xm - p1, xr = xm + p1
        let c = 0.134 + 20.5 / (15.3 + modeD)
        var a = (fm - xl) / (fm - xl * p)
        let lambdaLeft = a * (1 + a / 2)
        a = (xr - fm) / (xr * q)
        let lambdaRight = a * (1 + a / 2)
        let p2 = p1 * (1 + 2 * c)
        let p3 = p2 + c / lambdaLeft
        let p4 = p3 + c / lambdaRight
        while true {
            let u = nextUniform() * p4
            var v = nextUniform()
            var y: Int
            if u <= p1 {
                // The triangle: accepted at once.
                return Int((xm - p1 * v + u).rounded(.down))
            } else if u <= p2 {
                let x = xl + (u - p1) / c
                v = v * c + 1 - abs(modeD - x + 0.5) / p1
                if v > 1 { continue }
                y = Int(x.rounded(.down))
            } else if u <= p3 {
                guard v > 0 else { continue }
                let x = (xl + log(v) / lambdaLeft).rounded(.down)
                if x < 0 { continue }
                y = Int(x)
                v *= (u - p2) * lambdaLeft
            } else {
                guard v > 0 else { continue }
                let x = (xr - log(v) / lambdaRight).rounded(.down)
                if x > nd { continue }
                y = Int(x)
                v *= (u - p3) * lambdaRight
            }
            let distance = abs(y - mode)
            if distance <= 20 || Double(distance) >= npq / 2 - 1 {
                // f(y)/f(mode) by the recursion f(i)/f(i−1) = (n+1−i)p / (i q).
                let s = p / q, ratioBase = s * (nd + 1)
                var f = 1.0
                if mode < y {
                    for i in (mode + 1)...y { f *= ratioBase / Double(i) - s }
                } else if mode > y {
                    for i in (y + 1)...mode { f /= ratioBase / Double(i) - s }
                }
                if v <= f { return y }
                continue
            }
            // Squeeze on log v against a normal-like bound, then the
            // Stirling-series expression of log f(y)/f(mode).
            let k = Double(distance)
            let rho = (k / npq) * ((k * (k / 3 + 0.625) + 1.0 / 6) / npq + 0.5)
            let t = -k * k / (2 * npq)
            let logV = log(v)
            if logV < t - rho { return y }
            if logV > t + rho { continue }
            let x1 = Double(y + 1), f1 = modeD + 1, z = nd + 1 - modeD, w = nd - Double(y) + 1
            let bound = xm * log(f1 / x1) + (nd - modeD + 0.5) * log(z / w) + Double(y - mode) * log(w * p / (x1 * q))
                + Self.stirlingTail(f1) + Self.stirlingTail(z) + Self.stirlingTail(x1) + Self.stirlingTail(w)
            if logV <= bound { return y }
        }
    }

    /// The remainder of Stirling's series for log x!, to the term in x⁻⁹.
    private static func stirlingTail(_ x: Double) -> Double {
        let x2 = x * x
        return (13680 - (462 - (132 - (99 - 140 / x2) / x2) / x2) / x2) / x / 166_320
    }
}
