import GestureRecorder
import UIKit

/// The first screen: the five experiments, and sharing the captures.
final class ExperimentListViewController: UIViewController {
    private let probe: Probe
    private let shareButton = UIButton(type: .system)

    init(probe: Probe) {
        self.probe = probe
        super.init(nibName: nil, bundle: nil)
        title = "GestureProbe"
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    /// Each screen with the title it is listed under.
    private var screens: [(title: String, make: (Probe) -> ExperimentViewController)] {
        [
            ("a · Edge deferral: record buttons at the edge and the centre", { EdgeDeferralViewController(probe: $0) }),
            ("b · Delivery channel: an instant pan, KVO and target-action", { DeliveryChannelViewController(probe: $0) }),
            ("c · Content touches: buttons in a scroll view", { ContentTouchesViewController(probe: $0) }),
            ("d · Hit area: five small icons", { HitAreaViewController(probe: $0) }),
            ("e · Touch delay: draggable dots", { TouchDelayViewController(probe: $0) }),
        ]
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let stack = UIStackView()
        stack.axis = .vertical
        stack.spacing = 12
        stack.alignment = .leading
        for (index, screen) in screens.enumerated() {
            let button = UIButton(type: .system)
            button.setTitle(screen.title, for: .normal)
            button.titleLabel?.numberOfLines = 0
            button.contentHorizontalAlignment = .leading
            button.tag = index
            button.addTarget(self, action: #selector(open(_:)), for: .touchUpInside)
            stack.addArrangedSubview(button)
        }
        shareButton.setTitle("Share captures…", for: .normal)
        shareButton.addTarget(self, action: #selector(share), for: .touchUpInside)
        let note = UILabel()
        note.numberOfLines = 0
        note.font = .preferredFont(forTextStyle: .footnote)
        note.text = "Captures are in Documents/GestureTraces: Files › On My iPhone (or iPad) › GestureProbe. "
            + "Sharing finishes the recording running; the next session starts a new file."
        stack.addArrangedSubview(shareButton)
        stack.addArrangedSubview(note)
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    @objc private func open(_ sender: UIButton) {
        let screen = screens[sender.tag]
        let controller = screen.make(probe)
        controller.title = screen.title
        navigationController?.pushViewController(controller, animated: true)
    }

    /// The share sheet with every capture file (AirDrop, Mail, Save to Files, …).
    @objc private func share() {
        let captures: [URL]
        do {
            captures = try probe.finishAndListCaptures()
        } catch {
            let alert = UIAlertController(title: "Captures", message: "\(error)", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            present(alert, animated: true)
            return
        }
        let sheet = UIActivityViewController(activityItems: captures, applicationActivities: nil)
        // On iPad the sheet is a popover and needs an anchor.
        sheet.popoverPresentationController?.sourceView = shareButton
        sheet.popoverPresentationController?.sourceRect = shareButton.bounds
        present(sheet, animated: true)
    }
}
