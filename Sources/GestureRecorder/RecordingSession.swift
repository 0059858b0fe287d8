import Foundation
import GestureTrace

/// What a session says about itself: the experiment and variant it runs,
/// the knobs of that variant, the device, and the app that records it.
///
///     let session = RecordingSession(
///         id: "run-1", experiment: "edge-deferral", variant: "deferred",
///         config: ["deferred_edges": .string("bottom+right")])
public struct RecordingSession: Sendable {
    /// Unique within its capture file.
    public var id: String
    public var experiment: String
    public var variant: String
    /// The variant's knobs, in the order given.
    public var config: [(key: String, value: ConfigValue)]
    /// Filled in by the UIKit layer from UIDevice and UIScreen.
    public var device: DeviceInfo?
    /// The app and build; nil takes them from the main bundle's Info.plist
    /// when the session starts (``AppInfo/mainBundle``).
    public var app: AppInfo?
    /// ISO 8601 wall-clock start; nil means "now", when the session starts.
    public var startedAt: String?

    public init(id: String, experiment: String, variant: String,
                config: KeyValuePairs<String, ConfigValue> = [:], device: DeviceInfo? = nil,
                app: AppInfo? = nil, startedAt: String? = nil) {
        self.init(id: id, experiment: experiment, variant: variant,
                  orderedConfig: config.map { ($0.key, $0.value) }, device: device, app: app, startedAt: startedAt)
    }

    public init(id: String, experiment: String, variant: String,
                orderedConfig: [(key: String, value: ConfigValue)], device: DeviceInfo? = nil,
                app: AppInfo? = nil, startedAt: String? = nil) {
        self.id = id
        self.experiment = experiment
        self.variant = variant
        self.config = orderedConfig
        self.device = device
        self.app = app
        self.startedAt = startedAt
    }

    /// A session as a capture declares it, `started_at` kept as written.
    public init(record: SessionRecord) {
        self.init(id: record.id, experiment: record.experiment, variant: record.variant,
                  orderedConfig: record.config, device: record.device, app: record.app, startedAt: record.startedAt)
    }

    /// Sets one knob, replacing an earlier value of the same key.
    public mutating func set(_ key: String, _ value: ConfigValue) {
        if let index = config.firstIndex(where: { $0.key == key }) {
            config[index].value = value
        } else {
            config.append((key, value))
        }
    }

    func record(now: Date) -> SessionRecord {
        SessionRecord(id: id, experiment: experiment, variant: variant, config: config, device: device,
                      app: app ?? AppInfo.mainBundle, startedAt: startedAt ?? Self.iso8601(now))
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
