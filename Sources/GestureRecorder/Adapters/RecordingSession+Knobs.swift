extension RecordingSession {
    /// A view controller's `preferredScreenEdgesDeferringSystemGestures`
    /// as `deferred_edges` (`none`, `bottom+right`, …).
    public mutating func setDeferredEdges(rawValue: UInt) {
        set("deferred_edges", .string(UIKitVocabulary.deferredEdges(rawValue: rawValue)))
    }

    /// A scroll view's `delaysContentTouches` as `delays_content_touches`.
    public mutating func setDelaysContentTouches(_ delays: Bool) {
        set("delays_content_touches", .bool(delays))
    }
}

extension DeviceInfo {
    /// The device as UIDevice and UIScreen describe it: `machine` is the
    /// model identifier (`iPhone15,2`, from `uname`), `os` e.g. `iOS 17.5`.
    public static func describing(machine: String, systemName: String, systemVersion: String,
                                  screenWidth: Double, screenHeight: Double, scale: Double) -> DeviceInfo {
        DeviceInfo(model: machine, os: "\(systemName) \(systemVersion)", screenWidth: screenWidth,
                   screenHeight: screenHeight, scale: scale)
    }

    /// The device with the screen size of the space touches are recorded
    /// in, so that regions are judged against the size positions are in.
    /// `scale` nil: unknown (a window in no scene has no screen).
    public static func describing(machine: String, systemName: String, systemVersion: String,
                                  space: ScreenSpace, scale: Double?) -> DeviceInfo {
        DeviceInfo(model: machine, os: "\(systemName) \(systemVersion)", screenWidth: space.width,
                   screenHeight: space.height, scale: scale)
    }
}
