import GestureRecorder
import UIKit

/// (d) Small targets: a row of five 28 pt icons, 38 pt apart, declared as
/// targets. With the switch on, each accepts touches in a 44 × 44 pt area
/// centred on it (`point(inside:with:)`), declared as its hit area; the
/// capture says for every touch-down which icon the hit-test chose and how
/// far the finger landed from the nearest.
///
/// Compare: `gesturelab compare --by hit_area --metric reached`, and
/// `gesturelab query reach-by-target`.
final class HitAreaViewController: ExperimentViewController {
    static let iconPoints: CGFloat = 28
    static let spacingPoints: CGFloat = 38
    static let enlargedPoints: CGFloat = 44
    private var icons: [IconButton] = []

    override var experiment: String { "hit-area" }
    override var switchTitle: String { "Enlarge each icon's hit area to 44 × 44 pt" }
    override func variant(switchOn: Bool) -> String { switchOn ? "enlarged-44pt" : "visible-frame" }

    override func configure(_ session: inout RecordingSession) {
        session.set("hit_area", .string(isSwitchOn ? "44pt" : "frame"))
        session.set("icon_pt", .number(Double(Self.iconPoints)))
    }

    override func buildContent(in content: UIView) {
        let symbols = ["star", "heart", "bookmark", "flag", "bell"]
        for (index, symbol) in symbols.enumerated() {
            let icon = IconButton(type: .system)
            icon.side = Self.iconPoints
            icon.setImage(UIImage(systemName: symbol), for: .normal)
            icon.translatesAutoresizingMaskIntoConstraints = false
            content.addSubview(icon)
            let offset = (CGFloat(index) - CGFloat(symbols.count - 1) / 2) * Self.spacingPoints
            NSLayoutConstraint.activate([
                icon.widthAnchor.constraint(equalToConstant: Self.iconPoints),
                icon.heightAnchor.constraint(equalToConstant: Self.iconPoints),
                icon.centerXAnchor.constraint(equalTo: content.centerXAnchor, constant: offset),
                icon.topAnchor.constraint(equalTo: content.topAnchor, constant: 120),
            ])
            icons.append(icon)
        }
    }

    override func variantChanged(on: Bool) {
        for icon in icons { icon.hitSide = on ? Self.enlargedPoints : nil }
        guard let recording else { return }
        do {
            try declare(in: recording)
        } catch {
            show(error)
        }
    }

    override func attach(_ recording: UIKitRecording) throws(RecorderError) {
        for (index, icon) in icons.enumerated() {
            recording.observe(icon, name: "icon\(index + 1)", events: [.touchDown, .touchUpInside])
        }
        try declare(in: recording)
    }

    /// Declares the icons again with the hit area the switch gives (declaring a view again moves its target).
    private func declare(in recording: UIKitRecording) throws(RecorderError) {
        for (index, icon) in icons.enumerated() {
            try recording.declareTarget(icon, name: "icon\(index + 1)", hitArea: icon.hitArea)
        }
    }
}

/// An icon whose hit area can be a square larger than its bounds, centred on it.
final class IconButton: UIButton {
    /// The icon's side, as its constraints lay it out (its bounds may not be laid out yet).
    var side: CGFloat = 0
    /// The side of the square that accepts touches; nil: the bounds.
    var hitSide: CGFloat?

    /// The accepting area in bounds coordinates, or nil when it is the bounds.
    var hitArea: CGRect? {
        guard let hitSide else { return nil }
        let inset = (side - hitSide) / 2
        return CGRect(x: inset, y: inset, width: hitSide, height: hitSide)
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        (hitArea ?? bounds).contains(point)
    }
}
