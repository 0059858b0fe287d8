import GestureRecorder
import UIKit

/// One seed experiment as a screen: a bar with the variant's switch, a
/// button that starts or ends a session, and the session's counts; below
/// it, the experiment's views (``buildContent(in:)``).
///
/// While the screen is shown it has a `UIKitRecording` on the window:
/// ``attach(_:)`` registers the screen's recognizers and controls and
/// declares its targets; leaving the screen ends the session and stops
/// the recording. Each start is a new session, its variant and config
/// keys read from the switch at that moment; turning the switch ends the
/// session running, since its config would no longer be true.
class ExperimentViewController: UIViewController {
    let probe: Probe
    private(set) var recording: UIKitRecording?
    private let variantSwitch = UISwitch()
    private let sessionButton = UIButton(type: .system)
    private let statusLabel = UILabel()
    private var statusTimer: Timer?
    /// Where ``buildContent(in:)`` puts the experiment's views: the screen below the bar, to its edges.
    let content = UIView()

    init(probe: Probe) {
        self.probe = probe
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    // MARK: What each experiment gives

    /// The capture's `experiment`.
    var experiment: String { fatalError("\(type(of: self)) names no experiment") }
    /// What the switch turns on.
    var switchTitle: String { "" }
    /// The capture's `variant` for the switch's position.
    func variant(switchOn: Bool) -> String { switchOn ? "on" : "off" }
    /// Adds the variant's config keys to a session about to start.
    func configure(_ session: inout RecordingSession) {}
    /// Lays the experiment's views out in `content`.
    func buildContent(in content: UIView) {}
    /// Registers the screen's recognizers and controls and declares its targets.
    func attach(_ recording: UIKitRecording) throws(RecorderError) {}
    /// The switch moved: apply the variant to the views.
    func variantChanged(on: Bool) {}

    /// Whether the variant switch is on.
    var isSwitchOn: Bool { variantSwitch.isOn }

    // MARK: The screen

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let switchLabel = UILabel()
        switchLabel.text = switchTitle
        switchLabel.numberOfLines = 0
        switchLabel.font = .preferredFont(forTextStyle: .footnote)
        variantSwitch.addTarget(self, action: #selector(switchMoved), for: .valueChanged)
        sessionButton.addTarget(self, action: #selector(sessionButtonTapped), for: .touchUpInside)
        statusLabel.font = .monospacedDigitSystemFont(ofSize: 13, weight: .regular)
        statusLabel.numberOfLines = 0
        let switchRow = UIStackView(arrangedSubviews: [variantSwitch, switchLabel])
        switchRow.spacing = 8
        switchRow.alignment = .center
        let bar = UIStackView(arrangedSubviews: [switchRow, sessionButton, statusLabel])
        bar.axis = .vertical
        bar.spacing = 6
        bar.alignment = .leading
        for child in [bar, content] {
            child.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(child)
        }
        NSLayoutConstraint.activate([
            bar.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
            bar.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: bar.bottomAnchor, constant: 8),
            content.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        buildContent(in: content)
        variantChanged(on: variantSwitch.isOn)
        refresh()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let recording = UIKitRecording(recorder: probe.recorder)
        probe.window.recording = recording
        self.recording = recording
        do {
            try attach(recording)
        } catch {
            show(error)
        }
        recording.startFrames()
        statusTimer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { [weak self] _ in
            // Scheduled on the main run loop: the main thread.
            MainActor.assumeIsolated { self?.refresh() }
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        statusTimer?.invalidate()
        statusTimer = nil
        probe.endSession()
        recording?.stop()
        probe.window.recording = nil
        recording = nil
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        recording?.layoutChanged()
    }

    @objc private func switchMoved() {
        probe.endSession()
        variantChanged(on: variantSwitch.isOn)
        refresh()
    }

    @objc private func sessionButtonTapped() {
        if probe.sessionID != nil {
            probe.endSession()
        } else {
            var session = probe.session(experiment: experiment, variant: variant(switchOn: variantSwitch.isOn))
            configure(&session)
            do {
                try probe.begin(session)
            } catch {
                show(error)
            }
        }
        refresh()
    }

    private func refresh() {
        let running = probe.sessionID != nil
        sessionButton.setTitle(running ? "End session" : "Start session", for: .normal)
        let counts = probe.sessionCounts
        statusLabel.text = running
            ? "\(experiment) · \(variant(switchOn: variantSwitch.isOn)) · touches \(counts.touches) · dropped \(counts.drops)"
            : "\(experiment) · no session running"
    }

    func show(_ error: any Error) {
        let message = (error as? RecorderError)?.message ?? "\(error)"
        let alert = UIAlertController(title: "Recorder", message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
