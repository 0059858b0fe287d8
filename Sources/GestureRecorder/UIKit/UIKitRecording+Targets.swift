#if os(iOS)
import UIKit

/// Targets: the views whose reach the experiment studies. The decisions
/// (which declared view a touch hit, declaring again, where a frame is in
/// the touches' space) are ``TargetViews``' and ``TargetGeometry``'s; this
/// only measures views.
extension UIKitRecording {
    /// Declares `view` as the target `name`: its frame is recorded in the
    /// touches' coordinates (the screen's), and every began touch whose
    /// hit-test view is `view` or a view inside it has `hit` = `name`.
    ///
    /// A view not in a window yet, or with no size yet, is declared without
    /// a frame; it gets one at the next ``layoutChanged()`` that finds it
    /// laid out (or when a touch first hits it). Declaring the same view
    /// again, or a new view under the name of one that is gone, moves the
    /// target. The view is held weakly; once it is freed (noticed at the
    /// next declaration or ``layoutChanged()``), or when the recording
    /// stops, the target is removed from the recorder, and later sessions
    /// start without it. After ``stop()`` it does nothing.
    ///
    /// - Parameters:
    ///   - hitArea: the area that accepts its touches when it is not the
    ///     view's bounds (an enlarged `point(inside:with:)`), in the view's
    ///     own bounds coordinates.
    /// - Throws: ``RecorderError`` for an empty name, a hit area with a
    ///   non-finite number or a size not above 0, a name another live view
    ///   has, or a view already declared under another name.
    public func declareTarget(_ view: UIView, name: String, hitArea: CGRect? = nil) throws(RecorderError) {
        guard !isStopped else { return }
        let area = hitArea.map(TargetRect.init)
        if let area { try TargetGeometry.validate(hitArea: area, of: name) }
        removeGoneTargets()
        let placement = Self.placement(of: view, hitArea: area)
        switch try targetViews.declaration(of: view, name: name, declared: recorder.target(named: name)) {
        case .declare:
            let target = try recorder.declareTarget(name, frame: placement?.frame, hitArea: placement?.hitArea,
                                                    class: String(describing: type(of: view)))
            targetViews.add(view, name: name, target: target, hitArea: area)
        case .redeclare(let target):
            if let placement {
                try recorder.updateTarget(target, frame: placement.frame, hitArea: placement.hitArea)
            }
            targetViews.add(view, name: name, target: target, hitArea: area)
        }
    }

    /// The layout changed (rotation, a size class change, a keyboard, a
    /// sheet, a scroll): measures every declared view again and records
    /// those that moved or changed size; the others write nothing, so it
    /// may be called after every layout pass (`viewDidLayoutSubviews`). A
    /// view out of its window, or with no size, keeps its last record.
    public func layoutChanged() {
        guard !isStopped else { return }
        removeGoneTargets()
        let time = RecorderTime.now
        for (view, entry) in targetViews.live {
            guard let placement = Self.placement(of: view, hitArea: entry.hitArea) else { continue }
            // Cannot throw: the target is the recorder's and the placement valid.
            _ = try? recorder.updateTarget(entry.target, frame: placement.frame, hitArea: placement.hitArea, at: time)
        }
    }

    /// Targets whose view was freed leave the recorder: later sessions
    /// start without them.
    func removeGoneTargets() {
        for target in targetViews.removeGone() { recorder.removeTarget(target) }
    }

    /// The `hit` of a began touch. A target hit before it was ever laid out
    /// is measured now (it is in a window, since it was hit), so that the
    /// capture has a frame for it, stamped at the touch's own time so that
    /// this touch gets an outcome against it (``TargetViews``).
    func hit(of touch: UITouch) -> TouchHit? {
        targetViews.hit(from: touch.view, superview: { $0.superview }, downAt: RecorderTime(seconds: touch.timestamp),
                        placingWith: recorder, measure: { view, entry in Self.placement(of: view, hitArea: entry.hitArea) })
    }

    /// Where `view` is in the touches' space, or nil while it is in no
    /// window or has no size.
    static func placement(of view: UIView, hitArea: TargetRect?) -> (frame: TargetRect, hitArea: TargetRect?)? {
        guard let window = view.window else { return nil }
        return TargetGeometry.placement(frameInWindow: TargetRect(view.convert(view.bounds, to: nil)),
                                        hitAreaInWindow: hitArea.map { TargetRect(view.convert(CGRect($0), to: nil)) },
                                        in: ScreenSpace.of(window))
    }
}

extension TargetRect {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
                  height: Double(rect.size.height))
    }
}

extension CGRect {
    init(_ rect: TargetRect) {
        self.init(x: CGFloat(rect.x), y: CGFloat(rect.y), width: CGFloat(rect.width), height: CGFloat(rect.height))
    }
}
#endif
