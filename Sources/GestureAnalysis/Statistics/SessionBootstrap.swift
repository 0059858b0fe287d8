import GestureTrace
import SeededRandom

/// Session-level intervals for B − A: a t interval on the standard error of
/// a sessions-only bootstrap, a percentile's taken from its logarithm.
///
/// **Method** (`sessions-bootstrap-log-se-t`). Each replicate resamples a
/// group's k sessions with replacement and keeps every value of each drawn
/// session (``SessionQuantileSampler``); values are never resampled within
/// a session, since the session draw already carries their noise (resampling
/// them again counts it twice). From R replicates q* of a group's pooled
/// percentile q̂, its variance is v = √(k/(k−1)) · q̂² · var(log q*), and a
/// pooled rate's v = k/(k−1) · var(q*) (``GroupSpread`` says why). Then
///
///     estimate ± t(ν, (1+c)/2) · √(v_A + v_B),
///     ν = (v_A + v_B)² / (v_A²/(k_A−1) + v_B²/(k_B−1))      (Welch–Satterthwaite)
///
/// so that with few sessions the interval widens as a t interval on k − 1
/// degrees of freedom a group does. The estimate is the statistic of the
/// data as observed. docs/latencies.md gives the coverage measured by
/// `gesturelab bench --calibration`.
///
/// **Replicates.** With `replicates` nil, R starts at 500 and doubles (up to
/// 16,000) until each endpoint's Monte Carlo standard error is at most 2 %
/// of the interval's width (``SessionInterval/monteCarloError``). The
/// replicates are drawn in batches, each from a generator seeded from one
/// started at `seed`, and within a batch in fixed chunks on all cores, so
/// the result depends on the seed alone.
///
/// ```swift
/// let intervals = SessionBootstrap(seed: 1).differences(a: groupA, b: groupB, percents: [50, 95])
/// ```
package struct SessionBootstrap: Sendable {
    package var seed: UInt64
    /// A fixed number of replicates, or nil to adapt (see the type's notes).
    package var replicates: Int?
    package var confidence: Double

    /// The method's name in outputs: a percentile's interval, and a rate's
    /// (its standard error from the rates themselves, not their logarithms).
    package static let methodName = "sessions-bootstrap-log-se-t"
    package static let rateMethodName = "sessions-bootstrap-se-t"
    /// The fewest sessions a group needs for an interval.
    package static let minimumSessions = 2
    /// Adaptive replicates: the first batch, and the most drawn.
    static let firstBatch = 500
    static let mostReplicates = 16_000
    /// Each endpoint's Monte Carlo SE is kept below this share of the width.
    package static let monteCarloTarget = 0.02

    package init(seed: UInt64, replicates: Int? = nil, confidence: Double = 0.95) {
        precondition(replicates.map { $0 >= 2 } ?? true, "need at least two replicates")
        precondition(confidence > 0 && confidence < 1, "confidence must be in (0, 1)")
        self.seed = seed
        self.replicates = replicates
        self.confidence = confidence
    }

    /// Intervals for percentile(B) − percentile(A) at each of `percents`.
    package func differences(a: SessionGroup, b: SessionGroup, percents: [Double])
        -> [Result<SessionInterval, InsufficientData>] {
        var refusals = [InsufficientData?]()
        for percent in percents {
            var refusal: InsufficientData?
            for (label, group) in [("A", a), ("B", b)] where refusal == nil {
                refusal = Self.refusal(sessions: group.count, label: label, what: "p\(Int(percent))")
                if refusal == nil, group.valueCount < 2 {
                    refusal = InsufficientData(needed: 2, available: group.valueCount,
                                               reason: "need at least 2 values in group \(label) (have "
                                                   + "\(group.valueCount)) for an interval of p\(Int(percent))")
                }
            }
            refusals.append(refusal)
        }
        guard refusals.contains(where: { $0 == nil }) else { return refusals.map { .failure($0!) } }
        let samplers = BootstrapInterval.concurrently(2) { SessionQuantileSampler(group: $0 == 0 ? a : b) }
        let fractions = percents.map { $0 / 100 }
        let groupEstimates = samplers.map { sampler in
            fractions.map { Percentile.interpolated(sampler.pooled, fraction: $0)! }
        }
        let estimates = fractions.indices.map { groupEstimates[1][$0] - groupEstimates[0][$0] }
        let moments = replicateMoments(statistics: fractions.count, sessions: (a.count, b.count),
                                       estimates: estimates, spread: .logarithmic(estimates: groupEstimates)) {
            counts, drawn, group, values in
            samplers[group].percentiles(fractions: fractions, counts: counts, drawn: drawn, into: &values)
        }
        return percents.indices.map { index in
            if let refusal = refusals[index] { return .failure(refusal) }
            return .success(moments[index])
        }
    }

    /// Interval for B's pooled rate minus A's: the rate of a resample is
    /// Σ c_i·k_i / Σ c_i·n_i over the drawn sessions.
    package func rateDifference(a: SessionProportions, b: SessionProportions)
        -> Result<SessionInterval, InsufficientData> {
        for (label, group) in [("A", a), ("B", b)] {
            if let refusal = Self.refusal(sessions: group.count, label: label, what: "the difference of rates") {
                return .failure(refusal)
            }
        }
        let groups = [a, b]
        let estimate = b.pooledRate! - a.pooledRate!
        return .success(replicateMoments(statistics: 1, sessions: (a.count, b.count), estimates: [estimate],
                                         spread: .linear) {
            counts, drawn, group, values in
            var successes = 0, trials = 0
            for i in drawn {
                successes += counts[i] * groups[group].sessions[i].successes
                trials += counts[i] * groups[group].sessions[i].trials
            }
            values[0] = Double(successes) / Double(trials)
        }[0])
    }

    private static func refusal(sessions: Int, label: String, what: String) -> InsufficientData? {
        guard sessions < minimumSessions else { return nil }
        return InsufficientData(needed: minimumSessions, available: sessions,
                                reason: "need at least \(minimumSessions) sessions in group \(label) (have \(sessions)) "
                                    + "for a session-level interval of \(what)")
    }
}

extension SessionBootstrap {
    /// The session-level B − A intervals of a comparison at `percents`,
    /// with its seed, replicates and confidence.
    package static func intervals(a: SessionGroup, b: SessionGroup, percents: [Double], options: Comparison.Options)
        -> [Result<BootstrapInterval, InsufficientData>] {
        SessionBootstrap(seed: options.seed, replicates: options.replicates, confidence: options.confidence)
            .differences(a: a, b: b, percents: percents).map { $0.map(\.bootstrapInterval) }
    }
}

extension SessionBootstrap {
    /// How many replicates, in words, for the method line of a table.
    package static func replicateText(_ options: Comparison.Options) -> String {
        if let replicates = options.replicates { return "\(replicates.grouped) replicates" }
        return "\(firstBatch.grouped) to \(mostReplicates.grouped) replicates (until each endpoint's Monte Carlo SE is "
            + "at most \(Int(monteCarloTarget * 100))% of the width)"
    }

    /// `"sessions"."interval"` of `compare --format json`: the method, and the
    /// largest replicate count and Monte Carlo share over `intervals`.
    package static func jsonObject(_ intervals: [BootstrapInterval], method: String = methodName) -> JSONValue {
        let replicates = intervals.compactMap(\.replicates).max()
        let share = intervals.compactMap(\.monteCarloError).max()
        return .object([
            ("method", .string(method)),
            ("replicates", replicates.map { .integer($0) } ?? .null),
            ("monte_carlo_se_share", .number(share)),
        ])
    }
}
