import UIKit
// Setting `state` from a subclass is declared in this header only.
import UIKit.UIGestureRecognizerSubclass

/// A pan that begins on touch-down instead of after the finger has moved.
final class InstantPanGestureRecognizer: UIPanGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        state = .began
    }
}

/// Begins on touch-down and ends at the first move or lift: a touch-down
/// signal that works beside other recognizers, preventing none and
/// prevented by none.
final class TouchesBeganGestureRecognizer: UIGestureRecognizer {
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        state = .began
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        state = .ended
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        state = .ended
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .cancelled
    }
}

/// Holds back `touchesBegan` from the views under it (`delaysTouchesBegan`)
/// for 0.15 s, then fails, which releases the touch to them; it never
/// recognizes. A swipe that another recognizer takes within those 0.15 s
/// never reaches the views: no highlight begun and taken back.
final class TouchDelayGestureRecognizer: UIGestureRecognizer {
    private var timer: Timer?

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        delaysTouchesBegan = true
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard timer == nil else { return }
        timer = Timer.scheduledTimer(timeInterval: 0.15, target: self, selector: #selector(fail), userInfo: nil,
                                     repeats: false)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        fail()
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        fail()
    }

    @objc private func fail() {
        if state == .possible { state = .failed }
    }

    override func reset() {
        super.reset()
        timer?.invalidate()
        timer = nil
    }
}
