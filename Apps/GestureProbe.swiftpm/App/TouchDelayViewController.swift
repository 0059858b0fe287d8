import GestureRecorder
import UIKit

/// (e) Draggable dots on a canvas that also takes slow swipes (its pan
/// moves the dots' backdrop). A dot highlights in `touchesBegan`; a long
/// press grabs it and drags it. A slow swipe that starts on a dot
/// highlights it and then the canvas's pan takes the touch: the highlight is
/// taken back, a false start. With the switch on, a touch-delay recognizer on
/// the canvas holds every `touchesBegan` back 0.15 s, so the pan can take a
/// swipe before any dot hears of it, and every grab waits those 0.15 s.
///
/// Compare: `gesturelab compare --by touch_delay --metric false-start`, and
/// `gesturelab query false-starts-by-target`.
final class TouchDelayViewController: ExperimentViewController {
    private let canvas = UIView()
    private let backdrop = UIView()
    private let canvasPan = UIPanGestureRecognizer()
    private let touchDelay = TouchDelayGestureRecognizer(target: nil, action: nil)
    private var dots: [DotView] = []
    private var grabOffset = CGPoint.zero

    override var experiment: String { "touch-delay" }
    override var switchTitle: String { "Touch-delay recognizer (0.15 s) on the canvas" }
    override func variant(switchOn: Bool) -> String { switchOn ? "delay-on" : "delay-off" }

    override func configure(_ session: inout RecordingSession) {
        session.set("touch_delay", .bool(isSwitchOn))
    }

    override func variantChanged(on: Bool) {
        touchDelay.isEnabled = on
    }

    override func buildContent(in content: UIView) {
        canvas.frame = content.bounds
        canvas.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        canvas.backgroundColor = .secondarySystemBackground
        backdrop.frame = CGRect(x: 0, y: 0, width: 4000, height: 4000)
        backdrop.backgroundColor = .tertiarySystemBackground
        canvas.addSubview(backdrop)
        content.addSubview(canvas)
        canvasPan.addTarget(self, action: #selector(canvasPanned(_:)))
        canvas.addGestureRecognizer(canvasPan)
        canvas.addGestureRecognizer(touchDelay)
        for index in 0..<9 {
            let dot = DotView(frame: CGRect(x: 40 + CGFloat(index % 3) * 100, y: 60 + CGFloat(index / 3) * 100,
                                            width: 44, height: 44))
            let longPress = UILongPressGestureRecognizer(target: self, action: #selector(longPressed(_:)))
            // The dot keeps its touches once the long press begins, so its highlight stays.
            longPress.cancelsTouchesInView = false
            dot.addGestureRecognizer(longPress)
            canvas.addSubview(dot)
            dots.append(dot)
        }
    }

    override func attach(_ recording: UIKitRecording) throws(RecorderError) {
        let touches = TouchDeliveries(recorder: recording.recorder)
        recording.observe(touchDelay, name: "canvas.touchDelay")
        for (index, dot) in dots.enumerated() {
            let name = "dot\(index + 1)"
            try recording.declareTarget(dot, name: name)
            dot.report = touches.reporter(for: name)
            if let longPress = dot.gestureRecognizers?.first {
                recording.observe(longPress, name: "\(name).longPress")
            }
        }
    }

    /// Slides the backdrop: the canvas's own use of a swipe.
    @objc private func canvasPanned(_ pan: UIPanGestureRecognizer) {
        let moved = pan.translation(in: canvas)
        backdrop.frame.origin.y = max(-3000, min(0, backdrop.frame.origin.y + moved.y))
        pan.setTranslation(.zero, in: canvas)
    }

    /// Grabs, drags and drops a dot.
    @objc private func longPressed(_ press: UILongPressGestureRecognizer) {
        guard let dot = press.view else { return }
        let location = press.location(in: canvas)
        switch press.state {
        case .began:
            grabOffset = CGPoint(x: dot.center.x - location.x, y: dot.center.y - location.y)
            canvas.bringSubviewToFront(dot)
            dot.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        case .changed:
            dot.center = CGPoint(x: location.x + grabOffset.x, y: location.y + grabOffset.y)
        case .ended, .cancelled:
            dot.transform = .identity
            recording?.layoutChanged()          // the dot's new frame, as a target record
        default:
            break
        }
    }
}

/// A dot that highlights while a touch is on it, and reports its `touches…` methods.
final class DotView: UIView {
    var report: ((TouchDeliveryEvent) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBlue
        layer.cornerRadius = frame.width / 2
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        report?(.began)
        backgroundColor = .systemYellow
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        report?(.ended)
        backgroundColor = .systemBlue
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        report?(.cancelled)
        backgroundColor = .systemBlue
        super.touchesCancelled(touches, with: event)
    }
}
