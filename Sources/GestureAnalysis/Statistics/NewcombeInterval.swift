/// Newcombe's hybrid score interval for the difference of two proportions,
/// B − A (Newcombe 1998, method 10).
///
/// Each group's rate gets its ``WilsonInterval``; the difference's bounds
/// combine the distances from each rate to the near bound of its interval:
///
///     δ = p_B − p_A
///     lower = δ − √((p_B − l_B)² + (u_A − p_A)²)
///     upper = δ + √((u_B − p_B)² + (p_A − l_A)²)
///
/// It inherits Wilson's good behaviour at 0/n and n/n and for small n, where
/// the Wald interval p_B − p_A ± z·SE collapses or leaves −1…1. It is
/// statsmodels'
/// `confint_proportions_2indep(k_B, n_B, k_A, n_A, method="newcomb", compare="diff")`
/// (group B first, so the difference is B − A).
///
/// ```swift
/// let delta = try NewcombeInterval(a: (successes: 40, trials: 50), b: (successes: 48, trials: 50))
/// delta.difference   // 0.16
/// delta.lower        // 0.0278…
/// delta.upper        // 0.2919…
/// ```
package struct NewcombeInterval: Sendable, Equatable {
    /// Group A's rate with its interval.
    package var a: WilsonInterval
    /// Group B's rate with its interval.
    package var b: WilsonInterval
    /// Lower bound of B − A, −1 to 1.
    package var lower: Double
    /// Upper bound of B − A.
    package var upper: Double

    /// p_B − p_A, the observed difference.
    package var difference: Double { b.rate - a.rate }

    /// The interval of B − A from each group's counts.
    ///
    /// - Throws: ``InsufficientData`` when either group has no trials.
    ///
    /// ```swift
    /// let delta = try NewcombeInterval(a: (0, 10), b: (10, 10))   // 1 [0.6156…, 1]
    /// ```
    package init(a: (successes: Int, trials: Int), b: (successes: Int, trials: Int),
                 confidence: Double = 0.95) throws(InsufficientData) {
        for (label, group) in [("A", a), ("B", b)] where group.trials == 0 {
            throw InsufficientData(needed: 1, available: 0,
                                   reason: "group \(label) has no touches (n = 0): no difference of rates")
        }
        try self.init(a: WilsonInterval(successes: a.successes, trials: a.trials, confidence: confidence),
                      b: WilsonInterval(successes: b.successes, trials: b.trials, confidence: confidence))
    }

    /// The interval of B − A from the two groups' Wilson intervals (of one confidence).
    package init(a: WilsonInterval, b: WilsonInterval) {
        precondition(a.confidence == b.confidence, "both intervals need the same confidence")
        self.a = a
        self.b = b
        let difference = b.rate - a.rate
        // statsmodels' order of operations, so that the last bits agree.
        lower = difference - ((b.rate - b.lower) * (b.rate - b.lower) + (a.upper - a.rate) * (a.upper - a.rate)).squareRoot()
        upper = difference + ((a.rate - a.lower) * (a.rate - a.lower) + (b.upper - b.rate) * (b.upper - b.rate)).squareRoot()
    }
}
