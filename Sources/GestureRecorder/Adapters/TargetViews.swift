/// The views a UIKit recording declared as targets, and the decisions
/// about them, made here with any class standing for `UIView` so that
/// they are tested without UIKit:
///
/// - **Which target a touch hit.** UIKit's hit-test gives a touch its view
///   (`UITouch.view`): often a label or image inside a declared button. The
///   touch hit the nearest declared view on the way up from it (through
///   `superview`), and none (`""`) when no view on the way is declared.
///   While nothing is declared, `hit` is not recorded at all.
/// - **Declaring again.** The same view under the same name, or a new view
///   under the name of one that is gone (a screen built anew), keeps the
///   recorder's target and moves it. A name whose view is alive and
///   different, or a view already declared under another name, is an error.
/// - Views are held weakly: they are the app's. A target whose view is
///   gone, and every target when the recording stops, is handed back to
///   be removed from the recorder, so that later sessions do not start
///   with targets of a screen that was left.
///
///     var views = TargetViews<Node>()
///     views.add(button, name: "play", target: play, hitArea: nil)
///     views.hit(from: label, superview: \.parent)   // .target(play): the label is inside the button
///     views.hit(from: background, superview: \.parent)  // .noTarget
public struct TargetViews<View: AnyObject> {
    /// One declared view.
    public struct Entry {
        public weak var view: View?
        public let name: String
        public let target: RecorderTarget
        /// In the view's bounds coordinates; nil: its bounds.
        public var hitArea: TargetRect?
    }

    /// What declaring a view does.
    public enum Declaration: Equatable {
        /// Declare a new target with the recorder.
        case declare
        /// Keep the recorder's target of that name and move it.
        case redeclare(RecorderTarget)
    }

    private var entries: [Entry] = []

    public init() {}

    /// What declaring `view` as `name` does. `declared` is the recorder's
    /// target of that name, if it has one (declared by an earlier recording
    /// of the same recorder, say).
    public func declaration(of view: View, name: String,
                            declared: RecorderTarget?) throws(RecorderError) -> Declaration {
        if let other = entries.first(where: { $0.view === view && $0.name != name }) {
            throw RecorderError(.duplicateTarget, "cannot declare target \"\(name)\": this view is already declared as \"\(other.name)\"")
        }
        if let entry = entries.first(where: { $0.name == name }) {
            if let owner = entry.view, owner !== view {
                throw RecorderError(.duplicateTarget, "cannot declare target \"\(name)\": another view is declared under that name")
            }
            return .redeclare(entry.target)
        }
        return declared.map { .redeclare($0) } ?? .declare
    }

    /// Notes `view` as the target `name`, replacing an earlier entry of that name.
    public mutating func add(_ view: View, name: String, target: RecorderTarget, hitArea: TargetRect?) {
        entries.removeAll { $0.name == name }
        entries.append(Entry(view: view, name: name, target: target, hitArea: hitArea))
    }

    /// Forgets the entries whose view is gone; returns their targets, to remove.
    public mutating func removeGone() -> [RecorderTarget] {
        let gone = entries.filter { $0.view == nil }.map(\.target)
        if !gone.isEmpty { entries.removeAll { $0.view == nil } }
        return gone
    }

    /// Forgets every entry; returns their targets, to remove.
    public mutating func removeAll() -> [RecorderTarget] {
        defer { entries = [] }
        return entries.map(\.target)
    }

    /// The `hit` of a touch whose hit-test view is `view`: the nearest
    /// declared view at or above it, ``TouchHit/noTarget`` when none (or
    /// when the touch has no view), nil while nothing is declared.
    public func hit(from view: View?, superview: (View) -> View?) -> TouchHit? {
        guard !entries.isEmpty else { return nil }
        var candidate = view
        while let current = candidate {
            if let entry = entries.first(where: { $0.view === current }) { return .target(entry.target) }
            candidate = superview(current)
        }
        return .noTarget
    }

    /// The `hit` of a touch that began at `down` (its `UITouch.timestamp`),
    /// as ``hit(from:superview:)``, after placing with `recorder` a target
    /// hit before it was ever placed (declared before its view was laid
    /// out): `measure` gives where its view is now (nil: still nowhere).
    ///
    /// The placement is stamped at `down`, not when it is measured (later):
    /// an outcome takes the targets as of their records at or before the
    /// down, so a later stamp would leave this very touch with no target
    /// on screen. The view is where it was at the down, since nothing laid
    /// it out in between: the touch is recorded before UIKit dispatches it.
    public func hit(from view: View?, superview: (View) -> View?, downAt down: RecorderTime,
                    placingWith recorder: GestureRecorder,
                    measure: (View, Entry) -> (frame: TargetRect, hitArea: TargetRect?)?) -> TouchHit? {
        let hit = hit(from: view, superview: superview)
        if case .target(let target) = hit, !recorder.isPlaced(target), let (view, entry) = entry(of: target),
           let placement = measure(view, entry) {
            // Cannot throw: the target is the recorder's and `measure` gives a usable placement.
            _ = try? recorder.updateTarget(target, frame: placement.frame, hitArea: placement.hitArea, at: down)
        }
        return hit
    }

    /// The declared views still alive, in the order declared.
    public var live: [(view: View, entry: Entry)] {
        entries.compactMap { entry in entry.view.map { ($0, entry) } }
    }

    /// The entry of a target, if its view is alive.
    public func entry(of target: RecorderTarget) -> (view: View, entry: Entry)? {
        live.first { $0.entry.target == target }
    }
}
