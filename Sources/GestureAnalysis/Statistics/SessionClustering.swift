/// How strongly values cluster by session: ICC(1), each group's design
/// effect and effective number of values.
///
/// ICC(1) comes from a one-way ANOVA of sessions within groups: session
/// means about their own group's mean, so that a difference between A and B
/// is not counted as clustering. With k sessions in g groups, N values, m_i
/// values in session i:
///
///     MSB = Σ m_i (x̄_i − x̄_group(i))² / (k − g)
///     MSW = Σ (x − x̄_i)² / (N − k)
///     n0  = (N − Σ_groups Σ_i∈group m_i² / N_group) / (k − g)
///     ICC = (MSB − MSW) / (MSB + (n0 − 1)·MSW)
///
/// The design effect of a group with N_group values in k_group sessions is
/// 1 + (m̄ − 1)·max(ICC, 0) with m̄ = N_group / k_group (Kish's design effect
/// for cluster samples); its effective n is N_group / design effect: how many
/// independent values would carry the same information about the mean.
///
/// ```swift
/// let c = SessionClustering(groups: [a, b])
/// c.icc                 // 0.8
/// c.effectiveN[0]       // about 5 for 600 values in 4 sessions
/// ```
package struct SessionClustering: Sendable, Equatable {
    /// ICC(1); nil when it is undefined: fewer sessions than groups plus
    /// one (k − g < 1), no within-session spread to compare with (every
    /// session one value), or a zero denominator (every value equal).
    package var icc: Double?
    /// Per group, in the order given; nil where `icc` is nil.
    package var designEffects: [Double?]
    package var effectiveN: [Double?]

    package init(groups: [SessionGroup]) {
        let k = groups.reduce(0) { $0 + $1.count }
        let g = groups.filter { $0.count > 0 }.count
        let n = groups.reduce(0) { $0 + $1.valueCount }
        icc = Self.icc(groups: groups, k: k, g: g, n: n)
        let icc = icc
        designEffects = groups.map { group in
            guard let icc, group.count > 0 else { return nil }
            let meanSize = Double(group.valueCount) / Double(group.count)
            return 1 + (meanSize - 1) * max(icc, 0)
        }
        effectiveN = zip(groups, designEffects).map { group, effect in
            effect.map { Double(group.valueCount) / $0 }
        }
    }

    private static func icc(groups: [SessionGroup], k: Int, g: Int, n: Int) -> Double? {
        guard k - g >= 1, n - k >= 1 else { return nil }
        var between = 0.0, within = 0.0, sizeTerm = 0.0
        for group in groups where group.count > 0 {
            let groupTotal = Double(group.valueCount)
            let groupMean = group.sessions.reduce(0) { $0 + $1.sorted.reduce(0, +) } / groupTotal
            var squaredSizes = 0.0
            for session in group.sessions {
                let m = Double(session.sorted.count)
                let mean = session.sorted.reduce(0, +) / m
                between += m * (mean - groupMean) * (mean - groupMean)
                within += session.sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
                squaredSizes += m * m
            }
            sizeTerm += squaredSizes / groupTotal
        }
        let msb = between / Double(k - g)
        let msw = within / Double(n - k)
        let n0 = (Double(n) - sizeTerm) / Double(k - g)
        let denominator = msb + (n0 - 1) * msw
        guard denominator != 0, denominator.isFinite else { return nil }
        return (msb - msw) / denominator
    }
}
