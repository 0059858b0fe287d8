import Foundation

/// A sequential colour scale for latency on the screen map: viridis, which
/// reads in order for colour-blind readers and in greyscale print.
///
///     ColorRamp.viridis.hex(at: 0)     // "#440154"
///     ColorRamp.viridis.hex(at: 1)     // "#fde725"
package struct ColorRamp: Sendable {
    /// Evenly spaced stops, as 0xRRGGBB.
    package var stops: [UInt32]

    package static let viridis = ColorRamp(stops: [
        0x440154, 0x482878, 0x3E4A89, 0x31688E, 0x26828E, 0x1F9E89, 0x35B779, 0x6DCD59, 0xB4DE2C, 0xFDE725,
    ])

    /// The colour at `fraction` (clamped to 0–1), interpolated between stops.
    package func hex(at fraction: Double) -> String {
        let clamped = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let position = clamped * Double(stops.count - 1)
        let lower = min(stops.count - 2, Int(position.rounded(.down)))
        let t = position - Double(lower)
        var channels: [Int] = []
        for shift in [16, 8, 0] {
            let a = Double((stops[lower] >> UInt32(shift)) & 0xFF)
            let b = Double((stops[lower + 1] >> UInt32(shift)) & 0xFF)
            channels.append(Int((a + (b - a) * t).rounded()))
        }
        return String(format: "#%02x%02x%02x", channels[0], channels[1], channels[2])
    }
}
