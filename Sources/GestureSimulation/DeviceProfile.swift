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

    /// Whether a point lies in the bottom band where system gestures start.
    func isInBottomBand(y: Double) -> Bool {
        y >= screenHeight - SimulationParameters.edgeBandPoints
    }
}
