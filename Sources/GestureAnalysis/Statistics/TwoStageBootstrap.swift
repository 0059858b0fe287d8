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
/// **Why it is fast.** A replicate never builds its resample. A session
/// drawn c times contributes c·m draws, all uniform over its sorted values;
/// how many of them fall at or below a value v is Binomial(c·m, F(v)), F the
/// share of its values ≤ v, and given that count the draws below and above v
/// are again uniform over those values. So the wanted order statistic of the
/// pooled resample is found by a quickselect over values: take as pivot a
/// random draw of the resample, split every drawn session's count binomially
/// at it, keep the side that holds the wanted rank, repeat until one value is
/// left. The next order statistic (for the interpolation) is the smallest
/// draw above, tracked on the way as the minimum of uniforms. Each replicate
/// costs O(s · log N) binomial variates for s drawn sessions and N values,
/// not O(N); binomials come from the beta recursion (the i-th smallest of n
/// uniforms is Beta(i, n+1−i)), O(log n) beta variates each. The
/// replicates have exactly the distribution of a brute-force two-stage
/// bootstrap; only the random stream differs.
///
/// Deterministic: every call starts a ``SeededGenerator`` at `seed`.
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
        for (label, group) in [("A", a), ("B", b)] {
            if let refusal = refusal(group, label: " in group \(label)", percent: percent) { return .failure(refusal) }
        }
        let pooledA = a.pooledSorted, pooledB = b.pooledSorted
        let estimate = Percentile.of(sorted: pooledB, percent: percent)! - Percentile.of(sorted: pooledA, percent: percent)!
        return .success(BootstrapInterval.ofDifference(
            estimate: estimate, a: PooledPercentileSampler(group: a, percent: percent),
            b: PooledPercentileSampler(group: b, percent: percent),
            seed: seed, replicates: replicates, confidence: confidence))
    }

    /// Interval for percentile `percent` of one group (the median of paired
    /// differences, each session's differences a session).
    package func interval(_ group: SessionGroup, percent: Double) -> Result<BootstrapInterval, InsufficientData> {
        if let refusal = refusal(group, label: "", percent: percent) { return .failure(refusal) }
        var values = replicateValues(group, percent: percent)
        return .success(BootstrapInterval.percentileMethod(
            estimate: Percentile.of(sorted: group.pooledSorted, percent: percent)!, replicates: &values,
            confidence: confidence))
    }

    /// The replicates of one group's percentile, unsorted; the tests compare
    /// them with a brute-force two-stage bootstrap.
    func replicateValues(_ group: SessionGroup, percent: Double) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        let sampler = PooledPercentileSampler(group: group, percent: percent)
        return (0..<replicates).map { _ in sampler.draw(using: &generator) }
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
    package static func counts(sessions k: Int, using generator: inout SeededGenerator) -> [Int] {
        var counts = [Int](repeating: 0, count: k)
        for _ in 0..<k { counts[min(Int(generator.nextUniform() * Double(k)), k - 1)] += 1 }
        return counts
    }
}

extension SeededGenerator {
    /// A Binomial(n, p) variate, exactly: the beta recursion (Devroye 1986,
    /// X.4): the i-th smallest of n uniforms is Beta(i, n+1−i); whether it
    /// lies below p tells which side the count is on, and the uniforms on
    /// either side are again uniform. Below 16 trials, one uniform a trial.
    mutating func nextBinomial(_ trials: Int, _ probability: Double) -> Int {
        var n = trials, p = probability, count = 0
        if p <= 0 { return 0 }
        if p >= 1 { return n }
        while n >= 16 {
            if Double(n) * min(p, 1 - p) < 12 { return count + binomialByInversion(n, p) }
            let i = (n + 1) / 2
            let u = nextBeta(Double(i), Double(n + 1 - i))
            if p < u {
                n = i - 1
                p /= u
            } else {
                count += i
                n -= i
                p = (p - u) / (1 - u)
            }
        }
        for _ in 0..<n where nextUniform() < p { count += 1 }
        return count
    }

    /// Binomial(n, p) by inversion of its distribution function, one
    /// uniform; for a small mean n·min(p, 1−p), where it takes few steps.
    private mutating func binomialByInversion(_ n: Int, _ p: Double) -> Int {
        if p > 0.5 { return n - binomialByInversion(n, 1 - p) }
        let q = 1 - p, ratio = p / q
        var probability = exp(Double(n) * log1p(-p))
        var cumulative = probability
        let u = nextUniform()
        var k = 0
        while u >= cumulative, k < n {
            probability *= ratio * Double(n - k) / Double(k + 1)
            cumulative += probability
            k += 1
            if probability == 0 && cumulative < u { break }
        }
        return k
    }
}

/// Draws the percentile of one group's two-stage resample.
///
/// The sessions' sorted values sit end to end in one array (`values`, session
/// i at `starts[i]..<starts[i + 1]`), so the inner loops index one buffer
/// instead of an array of arrays.
private struct PooledPercentileSampler: BootstrapSampler {
    let values: [Double]
    let starts: [Int]
    let fraction: Double

    init(group: SessionGroup, percent: Double) {
        var values: [Double] = [], starts = [0]
        values.reserveCapacity(group.valueCount)
        for session in group.sessions {
            values += session.sorted
            starts.append(values.count)
        }
        self.values = values
        self.starts = starts
        fraction = percent / 100
    }

    /// A drawn session's part of the resample still in play: `draws`
    /// uniform draws over its sorted values `values[lo..<hi]`.
    private struct Part {
        var lo: Int
        var hi: Int
        var draws: Int
    }

    func draw(using generator: inout SeededGenerator) -> Double {
        let counts = SessionResampling.counts(sessions: starts.count - 1, using: &generator)
        var parts: [Part] = []
        var total = 0
        for (index, count) in counts.enumerated() where count > 0 {
            let size = starts[index + 1] - starts[index]
            parts.append(Part(lo: starts[index], hi: starts[index + 1], draws: count * size))
            total += count * size
        }
        let position = fraction * Double(total - 1)
        let rank = Int(position)
        let weight = position - Double(rank)
        let needNext = weight > 0 && rank < total - 1
        let (value, next) = values.withUnsafeBufferPointer { values in
            select(rank: rank, parts: &parts, total: total, needNext: needNext, in: values, using: &generator)
        }
        return needNext ? value + (next - value) * weight : value
    }

    /// The value of 0-based `rank` among the draws of `parts`, and (when
    /// `needNext`) the value of the rank after it.
    private func select(rank: Int, parts: inout [Part], total: Int, needNext: Bool,
                        in values: UnsafeBufferPointer<Double>,
                        using generator: inout SeededGenerator) -> (Double, Double) {
        var rank = rank, total = total
        var next = Double.infinity
        var below: [Int] = [], splits: [Int] = [], kept: [Part] = []
        var step = 0
        below.reserveCapacity(parts.count)
        splits.reserveCapacity(parts.count)
        kept.reserveCapacity(parts.count)
        while true {
            if total <= Self.materialiseBelow {
                // Few draws left: make them.
                var drawn: [Double] = []
                drawn.reserveCapacity(total)
                for part in parts {
                    let size = part.hi - part.lo
                    for _ in 0..<part.draws {
                        drawn.append(values[part.lo + min(Int(generator.nextUniform() * Double(size)), size - 1)])
                    }
                }
                // Only two ranks are needed: select them rather than sort
                // (the same values; with a −0.0 among them the sort decides
                // which signed zero a rank holds).
                if drawn.contains(where: { $0 == 0 && $0.sign == .minus }) {
                    drawn.sort()
                    return (drawn[rank], rank + 1 < total ? drawn[rank + 1] : next)
                }
                let value = drawn.withUnsafeMutableBufferPointer { OrderStatistic.select(rank: rank, in: $0) }
                let above = rank + 1 < total
                    ? drawn.withUnsafeMutableBufferPointer { OrderStatistic.minimum(of: $0, from: rank + 1) } : next
                return (value, above)
            }
            var lowest = Double.infinity, highest = -Double.infinity
            for part in parts {
                lowest = min(lowest, values[part.lo])
                highest = max(highest, values[part.hi - 1])
            }
            if lowest == highest {
                return (lowest, rank + 1 < total ? lowest : next)
            }
            // The pivot: alternately the value at the wanted rank's share of
            // the part with the most draws (near the answer, so the ranges
            // shrink fast) and a draw of the resample chosen at random (so
            // that no arrangement of values can stall the search).
            var pivot = highest
            step += 1
            if step % 2 == 1 {
                var largest = 0
                for index in parts.indices where parts[index].draws > parts[largest].draws { largest = index }
                let part = parts[largest], size = part.hi - part.lo
                let share = (Double(rank) + 0.5) / Double(total)
                pivot = values[part.lo + min(Int(share * Double(size)), size - 1)]
            } else {
                var pick = min(Int(generator.nextUniform() * Double(total)), total - 1)
                for part in parts {
                    if pick < part.draws {
                        let size = part.hi - part.lo
                        pivot = values[part.lo + min(Int(generator.nextUniform() * Double(size)), size - 1)]
                        break
                    }
                    pick -= part.draws
                }
            }
            // Split at ≤ pivot, or at < pivot when the pivot is the largest
            // value, so that both sides hold values and the ranges shrink.
            let strict = pivot == highest
            below.removeAll(keepingCapacity: true)
            splits.removeAll(keepingCapacity: true)
            var belowTotal = 0
            for part in parts {
                let split = strict ? lowerBound(values, part.lo, part.hi, pivot) : upperBound(values, part.lo, part.hi, pivot)
                splits.append(split)
                let size = part.hi - part.lo
                let inside = split - part.lo
                let count = inside == 0 ? 0 : inside == size ? part.draws
                    : generator.nextBinomial(part.draws, Double(inside) / Double(size))
                below.append(count)
                belowTotal += count
            }
            kept.removeAll(keepingCapacity: true)
            if rank < belowTotal {
                for (index, part) in parts.enumerated() {
                    let above = part.draws - below[index]
                    if needNext, above > 0, values[splits[index]] < next {
                        // The smallest of `above` uniform draws over split..<hi.
                        let size = part.hi - splits[index]
                        let gap = -expm1(log(generator.nextOpenUniform()) / Double(above))
                        let offset = min(Int(Double(size) * gap), size - 1)
                        next = min(next, values[splits[index] + offset])
                    }
                    if below[index] > 0 {
                        kept.append(Part(lo: part.lo, hi: splits[index], draws: below[index]))
                    }
                }
                total = belowTotal
            } else {
                rank -= belowTotal
                for (index, part) in parts.enumerated() where part.draws - below[index] > 0 {
                    kept.append(Part(lo: splits[index], hi: part.hi, draws: part.draws - below[index]))
                }
                total -= belowTotal
            }
            swap(&parts, &kept)
        }
    }

    /// Below this many draws left, the draws are made and the rank selected.
    static let materialiseBelow = 512

    /// First index in lo..<hi whose value is ≥ `value`.
    private func lowerBound(_ values: UnsafeBufferPointer<Double>, _ lo: Int, _ hi: Int, _ value: Double) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// First index in lo..<hi whose value is > `value`.
    private func upperBound(_ values: UnsafeBufferPointer<Double>, _ lo: Int, _ hi: Int, _ value: Double) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] <= value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
