/// The seed experiments the simulator can record.
public enum SimulatedExperiment: String, Sendable, CaseIterable {
    /// Seeds 000 and 003: a record button near the bottom-right corner,
    /// with and without deferring the bottom and right edges.
    case edgeDeferral = "edge-deferral"
    /// Seed 001: an instant pan recognizer's `.began`, heard by KVO and by target-action.
    case deliveryChannel = "delivery-channel"
    /// Seed 002: buttons in a scroll view, `delaysContentTouches` on and off.
    case contentTouches = "content-touches"
}
