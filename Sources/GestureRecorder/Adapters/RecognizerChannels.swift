/// What the recorder hears from one registered gesture recognizer, on two
/// channels: a KVO observer of `state` (`via` `observer`), which also gives
/// the `transition`, and a target-action probe (`via` `target-action`).
///
/// Comparing the two channels for the same touches shows the late
/// target-action delivery some recognizers suffer on iPad and near the home
/// indicator.
public final class RecognizerChannels {
    public let recorder: GestureRecorder
    public let recognizer: RecorderName
    let recognizerClass: RecorderName
    let isDiscrete: Bool
    private var lastState: RecognizerState = .possible

    /// - Parameters:
    ///   - name: the recognizer's id in captures, e.g. `pan`.
    ///   - className: e.g. `UIPanGestureRecognizer`.
    ///   - isDiscrete: whether it is a tap or swipe recognizer (its
    ///     `.ended` is `recognized`), as the object says (`is
    ///     UITapGestureRecognizer`): a subclass may be named anything
    ///     (`DoubleTap`). Nil when no object is at hand: then decided by
    ///     the class name (``UIKitVocabulary/isDiscrete(className:)``).
    public init(recorder: GestureRecorder, name: String, className: String, isDiscrete: Bool? = nil) {
        self.recorder = recorder
        recognizer = recorder.name(name)
        recognizerClass = recorder.name(className)
        self.isDiscrete = isDiscrete ?? UIKitVocabulary.isDiscrete(className: className)
    }

    /// The KVO observer saw `state` set: a transition from the last state
    /// seen, and a delivery `via` `observer` (not for a return to `possible`,
    /// which is UIKit resetting, not news for the app).
    public func stateObserved(rawValue: Int, at time: RecorderTime) {
        guard let state = UIKitVocabulary.recognizerState(rawValue: rawValue, isDiscrete: isDiscrete) else { return }
        recorder.transition(recognizer, to: state, from: lastState, class: recognizerClass, at: time)
        lastState = state
        if state != .possible {
            recorder.delivery(recognizer, event: .state(state), via: .observer, at: time)
        }
    }

    /// The target-action probe was called, the recognizer then in `state`.
    public func actionReceived(rawValue: Int, at time: RecorderTime) {
        guard let state = UIKitVocabulary.recognizerState(rawValue: rawValue, isDiscrete: isDiscrete) else { return }
        recorder.delivery(recognizer, event: .state(state), via: .targetAction, at: time)
    }
}
