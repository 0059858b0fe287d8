import GestureTrace

/// A device a session is recorded on: what the capture says about it, and
/// its display's refresh rate.
struct DeviceProfile: Sendable, Equatable {
    var model: String
    var os: String
    /// Screen size in points, portrait.
    var screenWidth: Double
    var screenHeight: Double
    var scale: Double
    /// Display refreshes per second (frames are presented on this grid).
    var refreshRate: Int

    /// The `device` object of a session record.
    var info: DeviceInfo {
        DeviceInfo(model: model, os: os, screenWidth: screenWidth, screenHeight: screenHeight, scale: scale)
    }

    /// Heights at which touch-downs land inside the bottom band: half a
    /// point below the band's top, so rounding a position cannot move it
    /// out, down to a point above the glass's edge.
    var bottomBandTouchHeights: ClosedRange<Double> {
        (screenHeight - SimulationParameters.edgeBandPoints + 0.5)...(screenHeight - 1)
    }

    /// Whether a point lies in the bottom band where system gestures start.
    func isInBottomBand(y: Double) -> Bool {
        y >= screenHeight - SimulationParameters.edgeBandPoints
    }
}
