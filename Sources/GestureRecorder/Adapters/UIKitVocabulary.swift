/// UIKit's values as captures spell them. The UIKit layer passes raw
/// values in, so every mapping is decided (and tested) here, where UIKit
/// need not exist.
///
///     UIKitVocabulary.touchPhase(rawValue: touch.phase.rawValue)          // .began
///     UIKitVocabulary.controlEvents(rawValue: UIControl.Event.touchDown.rawValue)  // [(1, "touchDown")]
///     UIKitVocabulary.deferredEdges(rawValue: UIRectEdge([.bottom, .right]).rawValue)  // "bottom+right"
public enum UIKitVocabulary {
    /// `UITouch.Phase`: began 0, moved 1, stationary 2, ended 3, cancelled 4;
    /// the pointer's region phases (5–7) are not touches and give nil.
    public static func touchPhase(rawValue: Int) -> TouchPhase? {
        switch rawValue {
        case 0: .began
        case 1: .moved
        case 2: .stationary
        case 3: .ended
        case 4: .cancelled
        default: nil
        }
    }

    /// `UITouch.TouchType`: direct 0, indirect 1, pencil 2, indirectPointer 3.
    public static func touchKind(rawValue: Int) -> TouchKind? {
        switch rawValue {
        case 0: .direct
        case 1, 3: .indirect
        case 2: .pencil
        default: nil
        }
    }

    /// `UIGestureRecognizer.State`: possible 0, began 1, changed 2, ended 3,
    /// cancelled 4, failed 5. `.recognized` is `.ended` (3): a discrete
    /// recognizer (a tap, a swipe) that reaches it has recognized, a
    /// continuous one has ended.
    public static func recognizerState(rawValue: Int, isDiscrete: Bool) -> RecognizerState? {
        switch rawValue {
        case 0: .possible
        case 1: .began
        case 2: .changed
        case 3: isDiscrete ? .recognized : .ended
        case 4: .cancelled
        case 5: .failed
        default: nil
        }
    }

    /// Whether a recognizer class is discrete, judged by its name alone:
    /// UIKit's tap and swipe recognizers and subclasses named like them.
    /// Only for when no recognizer object is at hand: with one, ask it
    /// (`is UITapGestureRecognizer || is UISwipeGestureRecognizer`), as
    /// the UIKit layer does, since a subclass may be named anything.
    public static func isDiscrete(className: String) -> Bool {
        className.hasSuffix("TapGestureRecognizer") || className.hasSuffix("SwipeGestureRecognizer")
    }

    /// The single events in a `UIControl.Event` mask, lowest bit first, with
    /// their Swift names; bits without a name become `controlEvent0x…`.
    public static func controlEvents(rawValue: UInt) -> [(rawValue: UInt, name: String)] {
        var events: [(UInt, String)] = []
        var remaining = rawValue
        while remaining != 0 {
            let bit = remaining & (~remaining &+ 1)
            remaining &= ~bit
            events.append((bit, controlEventNames[bit] ?? "controlEvent0x" + String(bit, radix: 16)))
        }
        return events
    }

    static let controlEventNames: [UInt: String] = [
        1 << 0: "touchDown", 1 << 1: "touchDownRepeat", 1 << 2: "touchDragInside", 1 << 3: "touchDragOutside",
        1 << 4: "touchDragEnter", 1 << 5: "touchDragExit", 1 << 6: "touchUpInside", 1 << 7: "touchUpOutside",
        1 << 8: "touchCancel", 1 << 12: "valueChanged", 1 << 13: "primaryActionTriggered",
        1 << 14: "menuActionTriggered", 1 << 16: "editingDidBegin", 1 << 17: "editingChanged",
        1 << 18: "editingDidEnd", 1 << 19: "editingDidEndOnExit",
    ]

    /// `UIRectEdge` (top 1, left 2, bottom 4, right 8) as a config value:
    /// `none`, or the edges joined by `+` in that order (`bottom+right`, `top+bottom`).
    public static func deferredEdges(rawValue: UInt) -> String {
        let names = [(UInt(1), "top"), (2, "left"), (4, "bottom"), (8, "right")]
            .filter { rawValue & $0.0 != 0 }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}
