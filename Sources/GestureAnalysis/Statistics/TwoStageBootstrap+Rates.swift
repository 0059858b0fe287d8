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
    /// Per session, its trials (n) and the index of its rate in `rates`.
    let trials: [Int]
    let rateIndex: [Int]
    let rates: [Double]
    /// One replicate's draws of each session and trials at each rate,
    /// reused: a replicate allocates nothing (a sampler serves one thread).
    private let owner = BufferOwner()
    private let counts: UnsafeMutableBufferPointer<Int>
    private let trialsByRate: UnsafeMutableBufferPointer<Int>

    init(group: SessionProportions) {
        trials = group.sessions.map(\.trials)
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
        counts = owner.make(group.sessions.count, 0)
        trialsByRate = owner.make(rates.count, 0)
    }

    private struct Pair: Hashable {
        var successes: Int
        var trials: Int
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }

    func draw(using generator: inout SeededGenerator) -> Double {
        let k = trials.count
        SessionResampling.draw(sessions: k, into: counts, using: &generator)
        for rate in rates.indices { trialsByRate[rate] = 0 }
        var total = 0
        for index in 0..<k where counts[index] > 0 {
            let drawn = counts[index] * trials[index]
            trialsByRate[rateIndex[index]] += drawn
            total += drawn
        }
        var successes = 0
        for (rate, drawn) in zip(rates, trialsByRate) where drawn > 0 {
            successes += generator.nextBinomial(drawn, rate)
        }
        return Double(successes) / Double(total)
    }
}
