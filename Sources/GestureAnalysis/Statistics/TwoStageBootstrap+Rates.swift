import SeededRandom

extension TwoStageBootstrap {
    /// Interval for the pooled rate of B minus the pooled rate of A, the
    /// session as the unit.
    ///
    /// Each replicate draws a group's k sessions with replacement, then for
    /// each drawn session its n touches with replacement, and takes
    /// Σ successes / Σ touches over the resample. A session drawn c times
    /// with k_i of n_i contributes Binomial(c·n_i, k_i/n_i) successes of
    /// c·n_i, so no touch is ever resampled one by one. Percentile method
    /// around the observed difference, as ``difference(a:b:percent:)``.
    ///
    /// Refused (a note, not a number) when a group has fewer than
    /// ``minimumSessions`` sessions: one session's rate says nothing of how
    /// sessions vary.
    ///
    /// ```swift
    /// let ci = try TwoStageBootstrap(seed: 1).rateDifference(a: reachedA, b: reachedB).get()
    /// ```
    package func rateDifference(a: SessionProportions, b: SessionProportions) -> Result<BootstrapInterval, InsufficientData> {
        for (label, group) in [("A", a), ("B", b)] where group.count < Self.minimumSessions {
            return .failure(InsufficientData(
                needed: Self.minimumSessions, available: group.count,
                reason: "need at least \(Self.minimumSessions) sessions in group \(label) (have \(group.count)) "
                    + "for a session-level interval of the difference of rates"))
        }
        let estimate = b.pooledRate! - a.pooledRate!
        return .success(BootstrapInterval.ofDifference(
            estimate: estimate, a: PooledRateSampler(group: a), b: PooledRateSampler(group: b),
            seed: seed, replicates: replicates, confidence: confidence))
    }

    /// The replicates of one group's pooled rate, unsorted; the tests compare
    /// them with a brute-force two-stage bootstrap.
    func rateReplicates(_ group: SessionProportions) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        let sampler = PooledRateSampler(group: group)
        return (0..<replicates).map { _ in sampler.draw(using: &generator) }
    }
}

/// Draws the pooled rate of one group's two-stage resample.
///
/// Sessions with the same rate k/n share one binomial: a sum of
/// independent Binomial(c_i·n_i, p) with one p is Binomial(Σ c_i·n_i, p), so
/// a replicate costs a variate for each distinct rate drawn (at most n + 1
/// when sessions have n touches each), not one a session; rates 0 and 1
/// cost none.
private struct PooledRateSampler: BootstrapSampler {
    let sessions: [SessionProportions.Session]
    /// Per session, the index of its rate in `rates`.
    let rateIndex: [Int]
    let rates: [Double]

    init(group: SessionProportions) {
        sessions = group.sessions
        var index: [Pair: Int] = [:], rates: [Double] = []
        rateIndex = group.sessions.map { session in
            let divisor = Self.gcd(session.successes, session.trials)
            let key = Pair(successes: session.successes / divisor, trials: session.trials / divisor)
            if let known = index[key] { return known }
            index[key] = rates.count
            rates.append(session.rate)
            return rates.count - 1
        }
        self.rates = rates
    }

    private struct Pair: Hashable {
        var successes: Int
        var trials: Int
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }

    func draw(using generator: inout SeededGenerator) -> Double {
        let counts = SessionResampling.counts(sessions: sessions.count, using: &generator)
        var trialsByRate = [Int](repeating: 0, count: rates.count)
        var trials = 0
        for (index, count) in counts.enumerated() where count > 0 {
            let drawn = count * sessions[index].trials
            trialsByRate[rateIndex[index]] += drawn
            trials += drawn
        }
        var successes = 0
        for (rate, drawn) in zip(rates, trialsByRate) where drawn > 0 {
            successes += generator.nextBinomial(drawn, rate)
        }
        return Double(successes) / Double(trials)
    }
}
