import Foundation
import SeededRandom

/// Bootstrap intervals for percentiles with the session as the unit: a
/// two-stage (hierarchical) bootstrap.
///
/// **Method.** Each replicate resamples a group's sessions with replacement
/// (k draws from its k sessions), then, for each drawn session, its m values
/// with replacement (m draws), and takes the percentile of the pooled
/// resample (linear interpolation, as ``Percentile``). The interval is the
/// (1−c)/2 and (1+c)/2 quantiles of the replicates around the percentile of
/// the observed data: the percentile method, as ``QuantileBootstrap``. The
/// session stage carries the spread between sessions into the interval; the
/// value stage the spread within them.
///
/// **Why it is fast.** A replicate never builds its resample. Given the
/// session draw, how many draws fall at or below a value is a sum of
/// binomials whose mean and spread are known, so two cuts between values
/// can be chosen that bracket the wanted rank; each drawn session's draws
/// are split among below, inside and above them by exact binomials (one
/// for all sessions that share a probability), and only the few hundred
/// draws inside are made. The rare replicate whose rank falls outside
/// carries on with a quickselect over values. Binomials cost O(1)
/// (``SeededRandom/SeededGenerator/nextBinomial(_:_:)``: inversion or BTPE).
/// `PooledPercentileSampler` and its extensions give the details and why the
/// replicates have exactly the distribution of a brute-force two-stage
/// bootstrap; only the random stream differs.
///
/// **Several percentiles.** ``differences(a:b:percents:)`` draws the
/// sessions of a replicate once for all the percentiles asked and the values
/// within sessions afresh for each; each percentile's replicates have
/// exactly the brute-force distribution, which is all a percentile interval
/// uses (the intervals are read one percentile at a time, so how the
/// replicates of different percentiles go together does not enter them).
///
/// Deterministic: the replicates are drawn in fixed chunks, each from a
/// ``SeededGenerator`` seeded from one started at `seed`, whatever the
/// number of cores.
///
/// **Too few sessions.** A group needs at least 2 sessions (with one, the
/// spread between sessions cannot be estimated and the interval would speak
/// for that session only) and the values ``QuantileBootstrap`` needs for
/// the percentile.
///
/// ```swift
/// let bootstrap = TwoStageBootstrap(seed: 1)
/// let ci = try bootstrap.difference(a: groupA, b: groupB, percent: 50).get()
/// ```
package struct TwoStageBootstrap: Sendable {
    package var seed: UInt64
    package var replicates: Int
    package var confidence: Double
    /// How the search trades work for certainty (the tests force each path).
    var tuning = PooledPercentileSampler.Tuning()

    /// The fewest sessions a group needs for an interval.
    package static let minimumSessions = 2

    package init(seed: UInt64, replicates: Int = 10_000, confidence: Double = 0.95) {
        precondition(replicates >= 1, "need at least one replicate")
        precondition(confidence > 0 && confidence < 1, "confidence must be in (0, 1)")
        self.seed = seed
        self.replicates = replicates
        self.confidence = confidence
    }

    /// Interval for percentile(B) − percentile(A), sessions and values
    /// resampled independently in each group.
    package func difference(a: SessionGroup, b: SessionGroup, percent: Double) -> Result<BootstrapInterval, InsufficientData> {
        differences(a: a, b: b, percents: [percent])[0]
    }

    /// Intervals for percentile(B) − percentile(A) at each of `percents`,
    /// from one set of replicates (see the type's notes).
    package func differences(a: SessionGroup, b: SessionGroup, percents: [Double]) -> [Result<BootstrapInterval, InsufficientData>] {
        var results = percents.map { percent -> Result<BootstrapInterval, InsufficientData> in
            for (label, group) in [("A", a), ("B", b)] {
                if let refusal = refusal(group, label: " in group \(label)", percent: percent) { return .failure(refusal) }
            }
            return .success(BootstrapInterval(estimate: 0, low: 0, high: 0))
        }
        let wanted = percents.indices.filter { if case .success = results[$0] { true } else { false } }
        guard !wanted.isEmpty else { return results }
        // Each sampler sorts its group's values: the two side by side.
        let tuning = tuning
        let samplers = BootstrapInterval.concurrently(2) { PooledPercentileSampler(group: $0 == 0 ? a : b, tuning: tuning) }
        let samplerA = samplers[0], samplerB = samplers[1]
        let fractions = wanted.map { percents[$0] / 100 }
        let replicates = BootstrapInterval.replicatesInChunks(seed: seed, replicates: replicates, statistics: fractions.count) {
            count, generator in
            var workspaceA = samplerA.makeWorkspace(), workspaceB = samplerB.makeWorkspace()
            var valuesA = [Double](repeating: 0, count: fractions.count), valuesB = valuesA
            var differences = [[Double]](repeating: [], count: fractions.count)
            for _ in 0..<count {
                samplerA.draw(fractions: fractions, into: &valuesA, workspace: &workspaceA, using: &generator)
                samplerB.draw(fractions: fractions, into: &valuesB, workspace: &workspaceB, using: &generator)
                for index in fractions.indices { differences[index].append(valuesB[index] - valuesA[index]) }
            }
            return differences
        }
        let pooledA = UnsafeBufferPointer(samplerA.pooledValues), pooledB = UnsafeBufferPointer(samplerB.pooledValues)
        for (slot, index) in wanted.enumerated() {
            let fraction = fractions[slot]
            let estimate = Percentile.interpolated(pooledB, fraction: fraction)! - Percentile.interpolated(pooledA, fraction: fraction)!
            var values = replicates[slot]
            results[index] = .success(BootstrapInterval.percentileMethod(estimate: estimate, replicates: &values,
                                                                         confidence: confidence))
        }
        return results
    }

    /// Interval for percentile `percent` of one group (the median of paired
    /// differences, each session's differences a session).
    package func interval(_ group: SessionGroup, percent: Double) -> Result<BootstrapInterval, InsufficientData> {
        if let refusal = refusal(group, label: "", percent: percent) { return .failure(refusal) }
        var values = replicateValues(group, percents: [percent])[0]
        return .success(BootstrapInterval.percentileMethod(
            estimate: Percentile.of(sorted: group.pooledSorted, percent: percent)!, replicates: &values,
            confidence: confidence))
    }

    /// The replicates of one group's percentile, unsorted; the tests compare
    /// them with a brute-force two-stage bootstrap.
    func replicateValues(_ group: SessionGroup, percent: Double) -> [Double] {
        replicateValues(group, percents: [percent])[0]
    }

    /// The replicates of one group's percentiles, one array a percentile.
    func replicateValues(_ group: SessionGroup, percents: [Double]) -> [[Double]] {
        let sampler = PooledPercentileSampler(group: group, tuning: tuning)
        let fractions = percents.map { $0 / 100 }
        return BootstrapInterval.replicatesInChunks(seed: seed, replicates: replicates, statistics: fractions.count) {
            count, generator in
            var workspace = sampler.makeWorkspace()
            var values = [Double](repeating: 0, count: fractions.count)
            var replicates = [[Double]](repeating: [], count: fractions.count)
            for _ in 0..<count {
                sampler.draw(fractions: fractions, into: &values, workspace: &workspace, using: &generator)
                for index in fractions.indices { replicates[index].append(values[index]) }
            }
            return replicates
        }
    }

    private func refusal(_ group: SessionGroup, label: String, percent: Double) -> InsufficientData? {
        if group.count < Self.minimumSessions {
            return InsufficientData(
                needed: Self.minimumSessions, available: group.count,
                reason: "need at least \(Self.minimumSessions) sessions\(label) (have \(group.count)) for a "
                    + "session-level interval of p\(Int(percent))")
        }
        let needed = QuantileBootstrap.minimumSampleSize(percent: percent, confidence: confidence)
        if group.valueCount < needed {
            return InsufficientData(
                needed: needed, available: group.valueCount,
                reason: "need at least \(needed) values\(label) (have \(group.valueCount)) for an interval of p\(Int(percent))")
        }
        return nil
    }

}

/// The session stage of a two-stage bootstrap, shared by every statistic
/// resampled with the session as the unit: how many times each of k
/// sessions is drawn when k are drawn with replacement.
package enum SessionResampling {
    /// Writes how many times each of k sessions is drawn into the first k
    /// places of `counts`: k uniform draws, each naming a session.
    package static func draw(sessions k: Int, into counts: UnsafeMutableBufferPointer<Int>,
                             using generator: inout SeededGenerator) {
        for index in 0..<k { counts[index] = 0 }
        for _ in 0..<k { counts[min(Int(generator.nextUniform() * Double(k)), k - 1)] += 1 }
    }
}
