/// The seed experiments the simulator can record.
package enum SimulatedExperiment: String, Sendable, CaseIterable {
    /// The system gesture gate at the screen edges: a record button near the bottom-right corner,
    /// with and without deferring the bottom and right edges.
    case edgeDeferral = "edge-deferral"
    /// Target-action behind the gate: an instant pan recognizer's `.began`, heard by KVO and by target-action.
    case deliveryChannel = "delivery-channel"
    /// Content touches held back: buttons in a scroll view, `delaysContentTouches` on and off.
    case contentTouches = "content-touches"
    /// Small icon buttons, hit area the visible frame or 44 × 44 pt: how
    /// many touch-downs reach the icon nearest them.
    case hitArea = "hit-area"
    /// Draggable dots under slow swipes, without and with a touch-delay
    /// recognizer: false starts against the 150 ms every start then waits.
    case touchDelay = "touch-delay"

    /// Whether its sessions declare targets (`target` records, `hit` on
    /// touch-downs): the experiments about touch outcomes rather than latency alone.
    package var declaresTargets: Bool {
        switch self {
        case .edgeDeferral, .deliveryChannel, .contentTouches: false
        case .hitArea, .touchDelay: true
        }
    }
}
