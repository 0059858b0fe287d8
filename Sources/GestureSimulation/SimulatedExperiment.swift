/// The seed experiments the simulator can record.
package enum SimulatedExperiment: String, Sendable, CaseIterable {
    /// The system gesture gate at the screen edges: a record button near the bottom-right corner,
    /// with and without deferring the bottom and right edges.
    case edgeDeferral = "edge-deferral"
    /// Target-action behind the gate: an instant pan recognizer's `.began`, heard by KVO and by target-action.
    case deliveryChannel = "delivery-channel"
    /// Content touches held back: buttons in a scroll view, `delaysContentTouches` on and off.
    case contentTouches = "content-touches"
}
