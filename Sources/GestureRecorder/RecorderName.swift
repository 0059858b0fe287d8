import GestureTrace

/// A name registered with a recorder (a recognizer, a target, an event, a
/// channel or a class), handed over as a small integer so that recording
/// an event copies no string.
///
///     let pan = recorder.name("pan")
///     recorder.delivery(pan, event: .state(.began), via: .observer, at: .now)
public struct RecorderName: Sendable, Hashable {
    let index: UInt32

    /// Names every recorder knows from the start, in this order.
    static let builtIn: [String] = ["observer", "target-action", "control-event", "touches"]
        + RecognizerState.allCases.map(\.rawValue)

    /// The channel of a KVO observer on a recognizer's `state`.
    public static let observer = RecorderName(index: 0)
    /// The channel of a recognizer's target-action.
    public static let targetAction = RecorderName(index: 1)
    /// The channel of a `UIControl`'s events.
    public static let controlEvent = RecorderName(index: 2)
    /// The channel of a view's `touchesBegan(_:with:)` and kin.
    public static let touches = RecorderName(index: 3)

    /// A recognizer state as the `event` of a delivery (`began`, `changed`, …).
    public static func state(_ state: RecognizerState) -> RecorderName {
        RecorderName(index: 4 + UInt32(state.code))
    }
}
