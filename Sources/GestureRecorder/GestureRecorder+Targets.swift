import GestureTrace

/// Targets: the views or controls whose reach the experiment studies.
///
/// A target's frame (and its hit area, when touches are accepted beyond
/// the frame) is written as a `target` record: when it is declared or
/// moved during a session, and again at the start of every later session,
/// so every session says where each target is. Frames are in the
/// coordinates the touches are recorded in: with the UIKit layer, the
/// screen's (see ``ScreenSpace``); without it, whatever space the app
/// gives touches in. A began touch then says which target the hit-test
/// chose (``TouchHit``), and an import tells, per touch-down, the nearest
/// target, how far the finger landed from it and whether it reached it.
///
///     let play = try recorder.declareTarget("play", frame: TargetRect(x: 20, y: 780, width: 44, height: 44),
///                                           hitArea: TargetRect(x: 10, y: 770, width: 64, height: 64),
///                                           class: "PlayButton")
///     // a touch the hit-test gave to the play button (or a view inside it):
///     recorder.touch(1, .began, at: RecorderTime(seconds: touch.timestamp), x: 15, y: 790, hit: .target(play))
///     // the layout changed (rotation, keyboard, a sheet): the button moved.
///     try recorder.updateTarget(play, frame: TargetRect(x: 20, y: 500, width: 44, height: 44),
///                               hitArea: TargetRect(x: 10, y: 490, width: 64, height: 64))
///
/// Declaring and updating copy a few numbers into the buffer, like every
/// recording call; names are registered (a string copied) once, when
/// declaring. A `target` record is never dropped: when the buffer is full
/// the call waits for the writer to make room, as starting a session does,
/// because a `hit` naming a target without a record would make the capture
/// unreadable. Layout changes are rare; touches wait only when the UIKit
/// layer places a target on the first touch that hits it (once per
/// target; ``TargetViews/hit(from:superview:downAt:placingWith:measure:)``).
extension GestureRecorder {
    /// Declares a target, and writes its record now if a session is running
    /// (and at the start of every later session).
    ///
    /// - Parameters:
    ///   - name: its id in captures, the one its deliveries use (`target`).
    ///     Unique among this recorder's targets.
    ///   - frame: its visible frame in points, in the touches' coordinates;
    ///     nil while it is not on screen yet (no record until
    ///     ``updateTarget(_:frame:hitArea:at:)`` places it).
    ///   - hitArea: the area that accepts its touches, when that differs
    ///     from the frame (an enlarged `point(inside:with:)`), in the same
    ///     coordinates. One equal to the frame is no hit area.
    ///   - targetClass: its class, e.g. `UIButton`.
    ///   - time: when the frame was measured: the record's `t`.
    /// - Throws: ``RecorderError`` `.invalidTarget` for an empty name, a
    ///   non-finite number, a width or height not above 0, or a hit area
    ///   without a frame; `.duplicateTarget` for a name already declared.
    @discardableResult
    public func declareTarget(_ name: String, frame: TargetRect?, hitArea: TargetRect? = nil,
                              class targetClass: String? = nil,
                              at time: RecorderTime = .now) throws(RecorderError) -> RecorderTarget {
        try ring.declareTarget(name, className: targetClass, frame: frame, hitArea: hitArea, atNanos: time.nanoseconds)
    }

    /// The layout changed: the target is now at `frame`, accepting touches
    /// in `hitArea` (nil: in its frame). When either differs from what was
    /// last recorded, a record with `t` = `time` is written (if a session is
    /// running); from then on it replaces the earlier one. An unchanged
    /// placement writes nothing, so calling this after every layout pass
    /// costs a comparison.
    ///
    /// - Returns: whether the frame or hit area changed.
    /// - Throws: ``RecorderError`` `.invalidTarget` as for a declaration;
    ///   `.unknownTarget` for a target of another recorder, or one removed.
    @discardableResult
    public func updateTarget(_ target: RecorderTarget, frame: TargetRect, hitArea: TargetRect? = nil,
                             at time: RecorderTime = .now) throws(RecorderError) -> Bool {
        try ring.updateTarget(target, frame: frame, hitArea: hitArea, atNanos: time.nanoseconds)
    }

    /// The target left the screen for good (its screen was dismissed):
    /// later sessions start without it. Its records so far stand (the
    /// format has no record for "gone": in the current session its last
    /// frame counts until the session ends). Declaring its name again
    /// brings it back. Removing it twice, or another recorder's, does nothing.
    public func removeTarget(_ target: RecorderTarget) {
        ring.removeTarget(target)
    }

    /// The target declared as `name`, if any (nil once removed).
    public func target(named name: String) -> RecorderTarget? {
        ring.target(named: name)
    }

    /// Whether `target` has a frame: declared with one, or updated since.
    public func isPlaced(_ target: RecorderTarget) -> Bool {
        ring.isPlaced(target)
    }
}
