import GestureTrace

/// One event as the app's thread hands it over: a small value of fixed
/// size, with no strings and nothing to release, so that handing it over is
/// a copy into the ring and nothing more.
///
/// Names (recognizers, targets, events, channels, classes) travel as
/// ``RecorderName`` handles registered beforehand; absent optionals are
/// NaN for numbers and `noCode` for enumerations.
struct RecorderEvent {
    enum Kind: UInt8 {
        case touch, transition, delivery, frame
        /// A session record, held in the recorder's session list at `touch`.
        case sessionStart
        /// A target record: `name` the target, `secondName` its class, `x`,
        /// `y`, `radius`, `force` its frame's x, y, width and height.
        case target
        /// The hit area of the target event just before it (pushed with it,
        /// under one lock, so always its neighbour): x, y, width and height
        /// in `x`, `y`, `radius`, `force`.
        case targetHitArea
    }

    static let noCode: UInt8 = .max
    static let noName: UInt32 = .max
    /// A began touch's `hit` when the hit-test chose none of the declared targets.
    static let noTarget: UInt32 = .max - 1

    var kind: Kind
    /// Touch phase or the state a transition went to (its index in `allCases`).
    var code: UInt8 = Self.noCode
    /// Touch kind, or the state a transition came from.
    var secondCode: UInt8 = Self.noCode
    var hasTouch = false
    /// The session's index in the recorder's session list.
    var session: Int32 = 0
    /// Recognizer (transition), target (delivery, target), or the target a
    /// began touch hit (`noName`: not recorded; `noTarget`: none of them).
    var name: UInt32 = Self.noName
    /// Class (transition, target) or event (delivery).
    var secondName: UInt32 = Self.noName
    /// Channel (delivery).
    var via: UInt32 = Self.noName
    var touch: Int64 = 0
    var timeNanos: Int64 = 0
    var x: Double = .nan
    var y: Double = .nan
    var radius: Double = .nan
    var force: Double = .nan

    /// The record type a dropped event of this kind would have been.
    var typeIndex: Int {
        switch kind {
        case .touch: 0
        case .transition: 1
        case .delivery: 2
        case .frame: 3
        case .sessionStart: 4
        case .target, .targetHitArea: 5
        }
    }

    static let typeNames = ["touch", "transition", "delivery", "frame", "session", "target"]
}
