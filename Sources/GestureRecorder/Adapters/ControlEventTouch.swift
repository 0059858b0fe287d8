/// Which touch a control event names.
///
/// UIKit hands a control's action the event being dispatched, which may
/// hold several touches (several fingers down); `allTouches.first` is any
/// of them. The touch that caused a control event is one of those UIKit
/// delivered to the control (`event.touches(for: control)`), and among
/// several the one in the phase the event implies (`touchUpInside`: the
/// one ending). When the control holds none (an event sent by code while
/// a touch is being handled), the event's only recorded touch is named;
/// with several, none: a wrong touch is worse than none, because the
/// import would then pair the event with the wrong touch-down.
///
///     ControlEventTouch.choose(controlEvent: 1 << 6,   // touchUpInside
///                              inControl: [.init(id: 4, phase: .ended), .init(id: 5, phase: .began)],
///                              inEvent: [])            // 4
public enum ControlEventTouch {
    /// A touch of the event with the id the recording gave it.
    public struct Candidate: Sendable, Equatable {
        public var id: Int64
        /// Its phase in the event being dispatched; nil when not a touch phase.
        public var phase: TouchPhase?

        public init(id: Int64, phase: TouchPhase?) {
            self.id = id
            self.phase = phase
        }
    }

    /// - Parameters:
    ///   - controlEvent: the single `UIControl.Event` bit that fired.
    ///   - inControl: the recorded touches UIKit delivered to the control.
    ///   - inEvent: every recorded touch of the event.
    public static func choose(controlEvent: UInt, inControl: [Candidate], inEvent: [Candidate]) -> Int64? {
        if !inControl.isEmpty {
            if inControl.count == 1 { return inControl[0].id }
            let expected = expectedPhase(controlEvent: controlEvent)
            let fitting = inControl.filter { expected != nil && $0.phase == expected }
            // Ids grow in the order touches began: the highest is the latest down.
            return (fitting.isEmpty ? inControl : fitting).map(\.id).max()
        }
        return inEvent.count == 1 ? inEvent[0].id : nil
    }

    /// The phase of the touch behind a touch control event: `began` for
    /// `touchDown` and `touchDownRepeat`, `moved` for the drags, `ended`
    /// for `touchUpInside` and `touchUpOutside`, `cancelled` for
    /// `touchCancel`; nil for events no touch phase implies (`valueChanged`, …).
    ///
    /// A scroll view's delayed `touchDown` of a quick tap arrives while its
    /// touch is `ended`; with one touch in the control that does not matter.
    public static func expectedPhase(controlEvent: UInt) -> TouchPhase? {
        switch controlEvent {
        case 1 << 0, 1 << 1: .began
        case 1 << 2, 1 << 3, 1 << 4, 1 << 5: .moved
        case 1 << 6, 1 << 7: .ended
        case 1 << 8: .cancelled
        default: nil
        }
    }
}
