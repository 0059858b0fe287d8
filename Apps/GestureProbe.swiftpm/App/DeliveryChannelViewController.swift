import GestureRecorder
import UIKit

/// (b) Target-action behind the gate: an "instant" pan enters `.began` on
/// touch-down, and the recording hears each state change twice, by KVO on
/// `state` (observer) and by target-action, for the same touches. Target-action
/// can lag about 0.75 s on iPad and near the home indicator. The switch puts
/// the alternative in its place: a plain pan beside a touches-began
/// recognizer, which begins on touch-down and ends at the first move.
///
/// Compare: `gesturelab compare --by via --target pan --event began`, and
/// `gesturelab query dispatch-by-channel`.
final class DeliveryChannelViewController: ExperimentViewController {
    private let box = UIView()
    private let instantPan = InstantPanGestureRecognizer()
    private let plainPan = UIPanGestureRecognizer()
    private let touchesBegan = TouchesBeganGestureRecognizer()
    private var boxStart = CGPoint.zero

    override var experiment: String { "delivery-channel" }
    override var switchTitle: String { "Touches-began recognizer beside a plain pan (instead of an instant pan)" }
    override func variant(switchOn: Bool) -> String { switchOn ? "touches-began" : "instant-pan" }

    override func configure(_ session: inout RecordingSession) {
        session.set("delivery", .string("both"))
        session.set("recognizer", .string(isSwitchOn ? "touches-began" : "instant-pan"))
    }

    override func buildContent(in content: UIView) {
        box.backgroundColor = .systemOrange
        box.frame = CGRect(x: 24, y: 80, width: 140, height: 140)
        content.addSubview(box)
        for pan in [instantPan, plainPan] {
            pan.addTarget(self, action: #selector(panned(_:)))
            box.addGestureRecognizer(pan)
        }
        box.addGestureRecognizer(touchesBegan)
    }

    override func variantChanged(on: Bool) {
        instantPan.isEnabled = !on
        plainPan.isEnabled = on
        touchesBegan.isEnabled = on
    }

    override func attach(_ recording: UIKitRecording) throws(RecorderError) {
        recording.observe(instantPan, name: "pan")
        recording.observe(plainPan, name: "plain-pan")
        recording.observe(touchesBegan, name: "touches-began")
        try recording.declareTarget(box, name: "box")
    }

    /// Moves the box with the finger.
    @objc private func panned(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            boxStart = box.center
        case .changed:
            let moved = pan.translation(in: content)
            box.center = CGPoint(x: boxStart.x + moved.x, y: boxStart.y + moved.y)
        case .ended, .cancelled:
            recording?.layoutChanged()
        default:
            break
        }
    }
}
