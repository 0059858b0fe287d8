/// What the hit-test chose for a began touch, among the declared targets:
/// the `hit` of its `touch` record.
///
///     recorder.touch(1, .began, at: time, x: 41, y: 801, hit: .target(play))  // play, or a view inside it
///     recorder.touch(2, .began, at: time, x: 200, y: 40, hit: .noTarget)      // none of the declared targets
///     recorder.touch(3, .began, at: time, x: 200, y: 40)                      // not recorded
public enum TouchHit: Sendable, Hashable {
    /// The hit-test chose this target's view, or a view inside it.
    case target(RecorderTarget)
    /// The hit-test chose a view that is none of the declared targets and
    /// in none of them (`hit` is `""`).
    case noTarget

    /// How a touch event carries it.
    var nameIndex: UInt32 {
        switch self {
        case .target(let target): target.name.index
        case .noTarget: RecorderEvent.noTarget
        }
    }
}
