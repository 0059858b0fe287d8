/// Exact percentiles of sorted values, computed exactly as SQLite's `percentile(Y,P)`.
///
/// For sorted values v[0...n−1], percentile p (0–100) sits at position
/// h = (p/100)·(n−1). ``of(sorted:percent:)`` interpolates linearly between
/// v[⌊h⌋] and v[⌊h⌋+1] — numpy's default (`method="linear"`) and SQLite's
/// `percentile`/`median`/`percentile_cont`. ``discrete(sorted:percent:)``
/// returns v[⌊h⌋], the lower neighbour — SQLite's `percentile_disc` and numpy's
/// `method="lower"`.
///
/// The arithmetic follows SQLite's `percentCompute` step for step (fraction
/// first, then position, then `v1 + (v2 − v1)·(h − ⌊h⌋)`), so a percentile
/// computed in Swift and the same percentile computed in SQL are the same double.
///
/// ```swift
/// let v: [Double] = [1, 4, 6, 7, 8, 9, 11, 11, 11]
/// Percentile.of(sorted: v, percent: 15)        // 4.4
/// Percentile.discrete(sorted: v, percent: 15)  // 4.0
/// Percentile.of(sorted: [], percent: 50)       // nil
/// ```
package enum Percentile {
    /// Linearly interpolated percentile of ascending `sorted` values; nil when empty.
    ///
    /// - Precondition: `percent` is within 0...100 and `sorted` is ascending.
    ///
    /// ```swift
    /// Percentile.of(sorted: [1, 2, 3, 4], percent: 50)  // 2.5
    /// ```
    package static func of(sorted: [Double], percent: Double) -> Double? {
        precondition((0...100).contains(percent), "percent must be within 0...100")
        return interpolated(sorted, fraction: percent / 100)
    }

    /// The sorted value at ⌊(percent/100)·(n−1)⌋ (the lower neighbour); nil when empty.
    ///
    /// - Precondition: `percent` is within 0...100 and `sorted` is ascending.
    ///
    /// ```swift
    /// Percentile.discrete(sorted: [1, 2, 3, 4], percent: 50)  // 2.0
    /// ```
    package static func discrete(sorted: [Double], percent: Double) -> Double? {
        precondition((0...100).contains(percent), "percent must be within 0...100")
        return lower(sorted, fraction: percent / 100)
    }

    /// Interpolated value at fraction·(n−1); `fraction` in 0...1, values ascending.
    ///
    /// Shared with the SQL aggregates, which validate the fraction themselves.
    static func interpolated<C: RandomAccessCollection>(_ sorted: C, fraction: Double) -> Double?
    where C.Element == Double, C.Index == Int {
        guard !sorted.isEmpty else { return nil }
        let at = Position(fraction: fraction, count: sorted.count)
        return at.interpolate(sorted[sorted.startIndex + at.lower], sorted[sorted.startIndex + at.upper])
    }

    /// Value at ⌊fraction·(n−1)⌋; `fraction` in 0...1, values ascending.
    static func lower<C: RandomAccessCollection>(_ sorted: C, fraction: Double) -> Double?
    where C.Element == Double, C.Index == Int {
        guard !sorted.isEmpty else { return nil }
        return sorted[sorted.startIndex + Position(fraction: fraction, count: sorted.count).lower]
    }

    /// Where a percentile sits among n sorted values: the two ranks it lies
    /// between and how far along. Lets a caller that finds those two values
    /// without sorting (a selection) do the same arithmetic, so the answers
    /// are the same doubles.
    ///
    /// ```swift
    /// let at = Percentile.Position(fraction: 0.15, count: 9)  // lower 1, upper 2
    /// at.interpolate(4, 6)  // 4.4
    /// ```
    struct Position {
        /// 0-based rank of the lower neighbour, ⌊fraction·(n−1)⌋.
        let lower: Int
        /// The rank above it, or `lower` itself when the position is whole or the last.
        let upper: Int
        /// fraction·(n−1) − lower.
        let weight: Double

        /// - Precondition: `count` ≥ 1, `fraction` in 0...1.
        init(fraction: Double, count: Int) {
            let position = fraction * Double(count - 1)
            lower = Int(position)  // truncation, like SQLite's (unsigned) cast
            upper = (position == Double(lower) || lower == count - 1) ? lower : lower + 1
            weight = position - Double(lower)
        }

        /// v1 + (v2 − v1)·weight, SQLite's `percentCompute` arithmetic, for
        /// v1 the value at ``lower`` and v2 the value at ``upper``.
        func interpolate(_ v1: Double, _ v2: Double) -> Double {
            v1 + (v2 - v1) * weight
        }
    }
}
