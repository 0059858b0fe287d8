import GestureRecorder
import UIKit

/// (c) Content touches held back: a column of buttons in a scroll view.
/// With `delaysContentTouches` on (UIKit's default) the scroll view holds
/// `touchesBegan` back about 150 ms while it waits to see whether a scroll
/// starts, so a quick tap highlights late or not at all.
///
/// Compare: `gesturelab compare --by delays_content_touches --event touchDown`.
final class ContentTouchesViewController: ExperimentViewController {
    private let scrollView = UIScrollView()
    private var buttons: [TouchReportingButton] = []

    override var experiment: String { "content-touches" }
    override var switchTitle: String { "delaysContentTouches" }
    override func variant(switchOn: Bool) -> String { switchOn ? "delays-on" : "delays-off" }

    override func configure(_ session: inout RecordingSession) {
        session.setDelaysContentTouches(of: scrollView)     // delays_content_touches: true or false
    }

    override func variantChanged(on: Bool) {
        scrollView.delaysContentTouches = on
    }

    override func buildContent(in content: UIView) {
        let column = UIStackView()
        column.axis = .vertical
        column.spacing = 12
        for index in 0..<16 {
            let button = TouchReportingButton(type: .system)
            button.setTitle("Button \(index + 1)", for: .normal)
            button.backgroundColor = .secondarySystemBackground
            button.heightAnchor.constraint(equalToConstant: 64).isActive = true
            buttons.append(button)
            column.addArrangedSubview(button)
        }
        for child in [scrollView, column] { child.translatesAutoresizingMaskIntoConstraints = false }
        content.addSubview(scrollView)
        scrollView.addSubview(column)
        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: content.topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            scrollView.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            column.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 16),
            column.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -16),
            column.leadingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.leadingAnchor, constant: 24),
            column.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -24),
        ])
    }

    override func attach(_ recording: UIKitRecording) throws(RecorderError) {
        let touches = TouchDeliveries(recorder: recording.recorder)
        for (index, button) in buttons.enumerated() {
            let name = "button-\(index + 1)"
            recording.observe(button, name: name, events: [.touchDown, .touchUpInside, .touchCancel])
            button.report = touches.reporter(for: name)
        }
    }
}
