/// A target declared with a recorder: a view or control whose reach the
/// experiment studies (a button, an icon, a draggable item). A handle to
/// pass to ``GestureRecorder/updateTarget(_:frame:hitArea:at:)`` when the
/// layout changes and, as ``TouchHit/target(_:)``, with a began touch.
///
///     let play = try recorder.declareTarget("play", frame: TargetRect(x: 20, y: 780, width: 44, height: 44))
///     recorder.touch(1, .began, at: time, x: 41, y: 801, hit: .target(play))
///     recorder.delivery(play.name, event: recorder.name("touchDown"), via: .controlEvent, at: .now, touch: 1)
public struct RecorderTarget: Sendable, Hashable {
    /// The target's name: the id its `target` records and its deliveries use.
    public let name: RecorderName
    /// Its position in the recorder's table of targets, in order of declaration.
    let slot: Int
}
