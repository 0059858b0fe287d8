import GestureRecorder
import UIKit

/// (a) The system gesture gate at the screen edges: a record button at the
/// bottom-right corner and one at the centre, with and without deferring
/// the bottom and right edges (`preferredScreenEdgesDeferringSystemGestures`).
/// Near the bottom edge `touchDown` can come about a second late unless the
/// edges are deferred; the centre button is the control.
///
/// Compare: `gesturelab compare --by deferred_edges --event touchDown --region bottom,bottom-right`.
final class EdgeDeferralViewController: ExperimentViewController {
    private let edgeButton = UIButton(type: .system)
    private let centreButton = UIButton(type: .system)

    override var experiment: String { "edge-deferral" }
    override var switchTitle: String { "Defer the bottom and right edges" }
    override func variant(switchOn: Bool) -> String { switchOn ? "deferral-on" : "deferral-off" }

    override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { isSwitchOn ? [.bottom, .right] : [] }

    override func variantChanged(on: Bool) {
        setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
    }

    override func configure(_ session: inout RecordingSession) {
        session.set("delivery", .string("control-event"))
        session.setDeferredEdges(of: self)                  // deferred_edges: bottom+right or none
    }

    override func buildContent(in content: UIView) {
        for (button, title) in [(edgeButton, "● Rec"), (centreButton, "● Rec (centre)")] {
            button.setTitle(title, for: .normal)
            button.backgroundColor = .systemRed.withAlphaComponent(0.15)
            button.translatesAutoresizingMaskIntoConstraints = false
            // A recording starts on touch-down and stops on touch-up, as in a voice-message button.
            button.addTarget(self, action: #selector(pressed(_:)), for: .touchDown)
            button.addTarget(self, action: #selector(released(_:)), for: [.touchUpInside, .touchUpOutside])
            content.addSubview(button)
        }
        NSLayoutConstraint.activate([
            // At the screen's corner itself, not inside the safe area: where the gate acts.
            edgeButton.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            edgeButton.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            edgeButton.widthAnchor.constraint(equalToConstant: 88),
            edgeButton.heightAnchor.constraint(equalToConstant: 56),
            centreButton.centerXAnchor.constraint(equalTo: content.centerXAnchor),
            centreButton.centerYAnchor.constraint(equalTo: content.centerYAnchor),
            centreButton.widthAnchor.constraint(equalToConstant: 140),
            centreButton.heightAnchor.constraint(equalToConstant: 56),
        ])
    }

    override func attach(_ recording: UIKitRecording) throws(RecorderError) {
        for (button, name) in [(edgeButton, "record-button"), (centreButton, "centre-button")] {
            recording.observe(button, name: name, events: [.touchDown, .touchUpInside, .touchUpOutside, .touchCancel])
            try recording.declareTarget(button, name: name)
        }
    }

    @objc private func pressed(_ sender: UIButton) {
        sender.backgroundColor = .systemRed.withAlphaComponent(0.6)
    }

    @objc private func released(_ sender: UIButton) {
        sender.backgroundColor = .systemRed.withAlphaComponent(0.15)
    }
}
