import Foundation

/// The percentile axis of a latency distribution plot: percentile p drawn
/// at log₁₀(1/(1 − p)), so 90 %, 99 % and 99.9 % are evenly spaced and the
/// tail gets the room it deserves (HdrHistogram's plot).
///
///     PercentileAxis.position(percent: 99)    // 2
///     PercentileAxis.percent(position: 1)     // 90
package enum PercentileAxis {
    /// Where the axis ends: 99.9 %, position 3.
    package static let maximumPercent = 99.9
    package static let maximumPosition = 3.0

    /// The labelled ticks, in percent.
    package static let ticks: [Double] = [0, 50, 90, 99, 99.9]

    /// log₁₀(1/(1 − p/100)); 0 at p = 0.
    package static func position(percent: Double) -> Double {
        let position = -log10(1 - percent / 100)
        return position == 0 ? 0 : position
    }

    /// The inverse of ``position(percent:)``, clamped to 0–100.
    package static func percent(position: Double) -> Double {
        min(100, max(0, (1 - pow(10, -position)) * 100))
    }

    /// A tick's label: `0%`, `50%`, `99.9%`.
    package static func label(percent: Double) -> String {
        percent == percent.rounded() ? "\(Int(percent))%" : String(format: "%.1f%%", percent)
    }
}
