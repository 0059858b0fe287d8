import Foundation

/// Round tick values (1, 2 or 5 times a power of ten) for a linear axis.
///
///     let ticks = NiceTicks(covering: 0...958, count: 5)
///     ticks.domain    // 0...1000
///     ticks.values    // [0, 200, 400, 600, 800, 1000]
package struct NiceTicks: Sendable, Equatable {
    /// The axis domain, widened outwards to whole steps.
    package var domain: ClosedRange<Double>
    package var step: Double
    package var values: [Double]

    /// Ticks for `covering`, about `count` intervals.
    package init(covering: ClosedRange<Double>, count: Int = 5) {
        var lower = covering.lowerBound
        var upper = covering.upperBound
        if !(upper > lower) {
            lower -= 0.5
            upper += 0.5
        }
        let step = Self.niceStep(for: (upper - lower) / Double(max(count, 1)))
        let first = (lower / step).rounded(.down)
        let last = (upper / step).rounded(.up)
        self.step = step
        domain = first * step...last * step
        // Multiply rather than accumulate, so 0.1-steps stay exact where they can.
        values = stride(from: first, through: last, by: 1).map { Self.clean($0 * step) }
    }

    /// 1, 2, 5 or 10 times the power of ten at or below `raw`.
    static func niceStep(for raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / power
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        return nice * power
    }

    /// Rounds away binary noise (0.30000000000000004) and negative zero.
    static func clean(_ value: Double) -> Double {
        let rounded = (value * 1e9).rounded() / 1e9
        return rounded == 0 ? 0 : rounded
    }
}
