/// Percentiles of one group's sessions-only resample, without building it.
///
/// A sessions-only resample draws k of a group's k sessions with
/// replacement and keeps every value of each drawn session: session i drawn
/// c_i times contributes each of its values c_i times. Its percentiles are
/// those of the pooled values weighted by their session's c_i. With the
/// pooled values sorted once, the r-th smallest value of the resample is the
/// first pooled value whose running weight exceeds r.
///
/// **Why it is fast.** Running weights are kept at a few hundred cuts of the
/// pooled order (each session's count of values before the cut), so a
/// replicate finds the cut before its rank by bisection over the cuts, each
/// step a sum over the drawn sessions only, then walks the values of one
/// stretch between two cuts. A replicate costs O(k·log G + N/G) for N values
/// and G cuts instead of O(N).
///
/// ```swift
/// let sampler = SessionQuantileSampler(group: group)
/// var counts = [Int](repeating: 0, count: group.count) // filled by a session draw
/// sampler.percentiles(fractions: [0.5, 0.95], counts: counts, drawn: drawnIndices, into: &values)
/// ```
struct SessionQuantileSampler: Sendable {
    /// Every value of the group, ascending.
    let pooled: [Double]
    /// The session (its index in the group) of each pooled value.
    let owner: [Int32]
    /// Number of sessions.
    let sessionCount: Int
    /// Each session's number of values.
    let sizes: [Int]
    /// Pooled indices of the cuts, ascending, the first 0.
    let cuts: [Int]
    /// For cut g, session i's values before it: `prefix[g * sessionCount + i]`.
    let prefix: [Int32]

    /// At most this many cuts: enough that a stretch is short, few enough
    /// that the table stays small for thousands of sessions.
    static let maximumCuts = 256

    init(group: SessionGroup) {
        sessionCount = group.count
        sizes = group.sizes
        var tagged = [(Double, Int32)]()
        tagged.reserveCapacity(group.valueCount)
        for (index, session) in group.sessions.enumerated() {
            for value in session.sorted { tagged.append((value, Int32(index))) }
        }
        // Ties keep their session order; any fixed order gives the same percentiles.
        tagged.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        pooled = tagged.map(\.0)
        owner = tagged.map(\.1)
        let n = pooled.count
        let cutCount = max(1, min(Self.maximumCuts, n))
        cuts = (0..<cutCount).map { n * $0 / cutCount }
        prefix = sessionCountsBefore(cuts: cuts, owners: owner, sessions: sessionCount)
    }

    /// The percentiles (`fractions` of 1, linear interpolation as
    /// ``Percentile``) of the resample in which session i is drawn
    /// `counts[i]` times; `drawn` lists the sessions with a count above 0.
    func percentiles(fractions: [Double], counts: UnsafeBufferPointer<Int>, drawn: UnsafeBufferPointer<Int>,
                     into values: inout [Double]) {
        var total = 0
        for i in drawn { total += counts[i] * sizes[i] }
        for (slot, fraction) in fractions.enumerated() {
            let h = fraction * Double(total - 1)
            let rank = Int(h.rounded(.down))
            let (lower, upper) = orderStatistics(rank, counts: counts, drawn: drawn, total: total)
            values[slot] = lower + (h - Double(rank)) * (upper - lower)
        }
    }

    /// The r-th and (r+1)-th smallest values (0-based) of the weighted
    /// resample; the second is the first when r is the last rank.
    private func orderStatistics(_ rank: Int, counts: UnsafeBufferPointer<Int>, drawn: UnsafeBufferPointer<Int>,
                                 total: Int) -> (Double, Double) {
        // The last cut whose running weight is at most `rank`.
        var low = 0, high = cuts.count - 1, weightAtLow = 0
        while low < high {
            let middle = (low + high + 1) / 2
            var weight = 0
            let row = middle * sessionCount
            for i in drawn { weight += counts[i] * Int(prefix[row + i]) }
            if weight <= rank {
                low = middle
                weightAtLow = weight
            } else {
                high = middle - 1
            }
        }
        var position = cuts[low], running = weightAtLow
        while true {
            running += counts[Int(owner[position])]
            if running > rank { break }
            position += 1
        }
        let lower = pooled[position]
        guard rank + 1 < total else { return (lower, lower) }
        if running > rank + 1 { return (lower, lower) }
        position += 1
        while counts[Int(owner[position])] == 0 { position += 1 }
        return (lower, pooled[position])
    }
}
