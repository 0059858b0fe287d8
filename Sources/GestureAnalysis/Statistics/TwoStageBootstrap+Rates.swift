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
private struct PooledRateSampler: BootstrapSampler {
    let sessions: [SessionProportions.Session]

    init(group: SessionProportions) {
        sessions = group.sessions
    }

    func draw(using generator: inout SeededGenerator) -> Double {
        let counts = SessionResampling.counts(sessions: sessions.count, using: &generator)
        var successes = 0, trials = 0
        for (session, count) in zip(sessions, counts) where count > 0 {
            let drawn = count * session.trials
            successes += generator.nextBinomial(drawn, session.rate)
            trials += drawn
        }
        return Double(successes) / Double(trials)
    }
}
