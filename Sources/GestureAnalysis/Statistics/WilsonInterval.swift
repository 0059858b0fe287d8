/// The Wilson score interval for a proportion: k successes in n trials.
///
/// The interval is the set of rates p for which the observed k/n is not
/// significantly different from p by the score test (Wilson 1927). Unlike
/// the textbook k/n ± z·√(p(1 − p)/n) it stays inside 0–1, is not a point
/// at 0/n or n/n, and keeps close to its nominal coverage for small n and
/// rates near 0 or 1 — exactly where touch outcomes live (a button reached
/// 48 times of 50). With q = k/n and z the normal quantile of (1 + c)/2:
///
///     centre    = (q + z²/(2n)) / (1 + z²/n)
///     half-width = z·√(q(1 − q)/n + z²/(4n²)) / (1 + z²/n)
///
/// The numbers are those of statsmodels'
/// `proportion_confint(k, n, alpha=1 − c, method="wilson")`, bounds
/// clipped to 0–1 as it does.
///
/// ```swift
/// let reached = try WilsonInterval(successes: 48, trials: 50)
/// reached.rate     // 0.96
/// reached.lower    // 0.8654…
/// reached.upper    // 0.9889…
/// ```
package struct WilsonInterval: Sendable, Equatable {
    /// k, the touches (or starts) counted.
    package var successes: Int
    /// n, every touch (or start) that could have counted.
    package var trials: Int
    /// Coverage, e.g. 0.95.
    package var confidence: Double
    /// Lower bound of the rate, 0–1.
    package var lower: Double
    /// Upper bound of the rate, 0–1.
    package var upper: Double

    /// k/n, the observed rate.
    package var rate: Double { Double(successes) / Double(trials) }

    /// The interval for `successes` of `trials`.
    ///
    /// - Throws: ``InsufficientData`` when `trials` is 0: there is no rate.
    /// - Precondition: 0 ≤ successes ≤ trials; 0 < confidence < 1.
    ///
    /// ```swift
    /// let none = try WilsonInterval(successes: 0, trials: 10)   // [0, 0.2775…]
    /// ```
    package init(successes: Int, trials: Int, confidence: Double = 0.95) throws(InsufficientData) {
        precondition(successes >= 0 && successes <= trials, "successes must lie in 0…trials")
        precondition(confidence > 0 && confidence < 1, "confidence must be in (0, 1)")
        guard trials > 0 else {
            throw InsufficientData(needed: 1, available: 0, reason: "no touches to take a rate of (n = 0)")
        }
        self.successes = successes
        self.trials = trials
        self.confidence = confidence
        let n = Double(trials), q = Double(successes) / n
        let z = NormalDistribution.quantile((1 + confidence) / 2), z2 = z * z
        let denominator = 1 + z2 / n
        let centre = (q + z2 / (2 * n)) / denominator
        let halfWidth = z * (q * (1 - q) / n + z2 / (4 * n * n)).squareRoot() / denominator
        lower = min(max(centre - halfWidth, 0), 1)
        upper = min(max(centre + halfWidth, 0), 1)
    }
}
