/// One record of a `gesture-trace` capture (docs/capture-format.md), after validation.
///
/// Times are integer nanoseconds on the session's monotonic clock: captures
/// carry seconds as JSON numbers, and the reader converts their decimal text
/// exactly, so `12.000000001` stays one nanosecond after `12`.
public enum TraceRecord: Sendable, Equatable {
    /// Boxed: a session record is several times the size of the others,
    /// and every record is copied on its way out of the reader.
    indirect case session(SessionRecord)
    case touch(TouchRecord)
    case transition(TransitionRecord)
    case delivery(DeliveryRecord)
    case frame(FrameRecord)
    /// Boxed like `session`: its per-type counts make it the other large one.
    indirect case dropped(DroppedRecord)
    /// Boxed like `session`: two rectangles and two strings.
    indirect case target(TargetRecord)

    /// The kinds of record, each named by its `type` in a capture. Every list
    /// of record types (the reader's counts, the import summary, the capture
    /// row's columns) derives from this one.
    public enum Kind: UInt8, CaseIterable, Sendable {
        case session, touch, transition, delivery, frame, dropped, target

        /// The `type` as written in a capture: the case's own name.
        public var name: String { String(describing: self) }
    }

    public var kind: Kind {
        switch self {
        case .session: .session
        case .touch: .touch
        case .transition: .transition
        case .delivery: .delivery
        case .frame: .frame
        case .dropped: .dropped
        case .target: .target
        }
    }

    /// The record's `type` as written in a capture.
    public var typeName: String { kind.name }
}

/// The first line of every capture.
public struct TraceHeader: Sendable, Equatable {
    /// The only format this module reads and writes.
    public static let format = "gesture-trace"
    /// The only version this module reads and writes.
    public static let version = 1

    /// Free text naming what wrote the capture, e.g. `MyApp 2.3`.
    public var recorder: String?

    public init(recorder: String? = nil) {
        self.recorder = recorder
    }
}

/// A configuration value of a session: the knobs of its variant.
public enum ConfigValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)

    /// The value as text, the way `compare --a VALUE` names it:
    /// strings as they are, `true`/`false`, numbers in shortest round-trip
    /// form with no trailing `.0` for whole numbers (`2`, `0.5`, `1e+30`).
    public var text: String {
        switch self {
        case .string(let string): return string
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 {
                return String(Int64(number))
            }
            return "\(number)"
        }
    }
}

/// What a session says about the device it was recorded on.
public struct DeviceInfo: Sendable, Equatable {
    public var model: String?
    public var os: String?
    /// Screen width in points.
    public var screenWidth: Double?
    /// Screen height in points.
    public var screenHeight: Double?
    public var scale: Double?

    public init(model: String? = nil, os: String? = nil, screenWidth: Double? = nil,
                screenHeight: Double? = nil, scale: Double? = nil) {
        self.model = model
        self.os = os
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.scale = scale
    }
}

/// What a session says about the app that recorded it: its bundle's
/// `CFBundleName`, `CFBundleShortVersionString` and `CFBundleVersion`.
public struct AppInfo: Sendable, Equatable {
    public var name: String?
    public var version: String?
    public var build: String?

    public init(name: String? = nil, version: String? = nil, build: String? = nil) {
        self.name = name
        self.version = version
        self.build = build
    }
}

/// A `session` record: one run of one variant of an experiment.
public struct SessionRecord: Sendable, Equatable {
    /// The session's id, unique within its capture.
    public var id: String
    public var experiment: String
    public var variant: String
    /// The variant's knobs, in the order the capture lists them.
    public var config: [(key: String, value: ConfigValue)]
    public var device: DeviceInfo?
    /// The app (and build) that recorded the session.
    public var app: AppInfo?
    /// ISO 8601 wall-clock time, kept as written.
    public var startedAt: String?

    public init(id: String, experiment: String, variant: String,
                config: [(key: String, value: ConfigValue)] = [],
                device: DeviceInfo? = nil, app: AppInfo? = nil, startedAt: String? = nil) {
        self.id = id
        self.experiment = experiment
        self.variant = variant
        self.config = config
        self.device = device
        self.app = app
        self.startedAt = startedAt
    }

    public static func == (lhs: SessionRecord, rhs: SessionRecord) -> Bool {
        lhs.id == rhs.id && lhs.experiment == rhs.experiment && lhs.variant == rhs.variant
            && lhs.config.map(\.key) == rhs.config.map(\.key)
            && lhs.config.map(\.value) == rhs.config.map(\.value)
            && lhs.device == rhs.device && lhs.app == rhs.app && lhs.startedAt == rhs.startedAt
    }
}

public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, stationary, ended, cancelled
}

public enum TouchKind: String, Sendable, CaseIterable {
    case direct, pencil, indirect
}

/// The states of `UIGestureRecognizer.State`, as captures spell them.
public enum RecognizerState: String, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed, recognized
}

/// A `touch` record: one phase sample of one finger.
public struct TouchRecord: Sendable, Equatable {
    public var session: String
    /// The touch's id, unique within its session.
    public var touch: Int64
    public var phase: TouchPhase
    public var timeNanos: Int64
    /// Points in the screen's coordinates, the space of the session's
    /// `screen_w` and `screen_h` (docs/capture-format.md, Coordinates).
    public var x: Double
    public var y: Double
    public var radius: Double?
    public var force: Double?
    public var kind: TouchKind?
    /// On a `began` only: the declared target whose view (or a view inside
    /// it) the hit-test chose, `""` when it chose none of them, nil when not
    /// recorded. The reader ignores `hit` on other phases.
    public var hit: String?

    public init(session: String, touch: Int64, phase: TouchPhase, timeNanos: Int64,
                x: Double, y: Double, radius: Double? = nil, force: Double? = nil,
                kind: TouchKind? = nil, hit: String? = nil) {
        self.session = session
        self.touch = touch
        self.phase = phase
        self.timeNanos = timeNanos
        self.x = x
        self.y = y
        self.radius = radius
        self.force = force
        self.kind = kind
        self.hit = hit
    }
}

/// A `transition` record: a gesture recognizer changed state.
public struct TransitionRecord: Sendable, Equatable {
    public var session: String
    /// The id of one recognizer instance.
    public var recognizer: String
    public var to: RecognizerState
    public var from: RecognizerState?
    /// The recognizer's class, e.g. `UIPanGestureRecognizer`.
    public var recognizerClass: String?
    public var touch: Int64?
    public var timeNanos: Int64

    public init(session: String, recognizer: String, to: RecognizerState, timeNanos: Int64,
                from: RecognizerState? = nil, recognizerClass: String? = nil, touch: Int64? = nil) {
        self.session = session
        self.recognizer = recognizer
        self.to = to
        self.timeNanos = timeNanos
        self.from = from
        self.recognizerClass = recognizerClass
        self.touch = touch
    }
}

/// A `delivery` record: the app's code heard about something.
public struct DeliveryRecord: Sendable, Equatable {
    public var session: String
    /// The recognizer, control or view that got it.
    public var target: String
    /// What was delivered: a recognizer state (`began`), a control event
    /// (`touchDown`) or `touchesBegan`.
    public var event: String
    /// The channel: `target-action`, `observer`, `control-event`, `touches`,
    /// or another non-empty string.
    public var via: String
    public var timeNanos: Int64
    public var touch: Int64?

    public init(session: String, target: String, event: String, via: String,
                timeNanos: Int64, touch: Int64? = nil) {
        self.session = session
        self.target = target
        self.event = event
        self.via = via
        self.timeNanos = timeNanos
        self.touch = touch
    }
}

/// A `frame` record: a frame was presented.
public struct FrameRecord: Sendable, Equatable {
    public var session: String
    public var timeNanos: Int64

    public init(session: String, timeNanos: Int64) {
        self.session = session
        self.timeNanos = timeNanos
    }
}

/// A `dropped` record: events a recorder discarded (its buffer was full)
/// instead of making the app wait. Imports sum them per session, and
/// analyses drawing on such a session say so.
///
///     .dropped(DroppedRecord(session: "s1", count: 3, timeNanos: 12_500_000_000,
///                            kinds: [("touch", 2), ("frame", 1)]))
public struct DroppedRecord: Sendable, Equatable {
    public var session: String
    /// How many events were discarded, at least 1.
    public var count: Int64
    /// When the recorder noticed, on the session's clock.
    public var timeNanos: Int64
    /// How many of them were of each record type, in the order written.
    public var kinds: [(type: String, count: Int64)]

    public init(session: String, count: Int64, timeNanos: Int64, kinds: [(type: String, count: Int64)] = []) {
        self.session = session
        self.count = count
        self.timeNanos = timeNanos
        self.kinds = kinds
    }

    public static func == (lhs: DroppedRecord, rhs: DroppedRecord) -> Bool {
        lhs.session == rhs.session && lhs.count == rhs.count && lhs.timeNanos == rhs.timeNanos
            && lhs.kinds.map(\.type) == rhs.kinds.map(\.type) && lhs.kinds.map(\.count) == rhs.kinds.map(\.count)
    }
}

/// A rectangle in points, in the touches' coordinates: origin `x`, `y` and
/// a positive size.
public struct TargetRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Why the far edges `x + width` and `y + height` are unusable, if
    /// they are: past the largest finite number (`x` and `w` of 1e308),
    /// they are infinite, and so would be every distance measured to them.
    /// `prefix` is the fields' prefix in a capture (`hit_` for a hit area).
    func farEdgeProblem(prefix: String) -> (field: String, message: String)? {
        for (origin, size, originName, sizeName) in [(x, width, "x", "w"), (y, height, "y", "h")]
        where !(origin + size).isFinite {
            let (originField, sizeField) = (prefix + originName, prefix + sizeName)
            return (sizeField, "found \(size), which with '\(originField)' \(origin) puts the far edge (\(originField) + \(sizeField)) "
                + "past the largest finite number; expected a size that keeps \(originField) + \(sizeField) finite")
        }
        return nil
    }
}

/// A `target` record: where a control or view the experiment watches is on
/// screen from `t` on, and the area that accepts its touches when that
/// differs from its frame (an enlarged `point(inside:with:)`). A later
/// record of the same target replaces its frame from its own `t` on.
///
///     .target(TargetRecord(session: "s1", target: "dot", timeNanos: 1_000_000_000,
///                          frame: TargetRect(x: 100, y: 200, width: 10, height: 10),
///                          hitArea: TargetRect(x: 89, y: 189, width: 32, height: 32)))
public struct TargetRecord: Sendable, Equatable {
    public var session: String
    /// The id deliveries use for it.
    public var target: String
    public var timeNanos: Int64
    /// Its visible frame in the touches' coordinates; width and height above 0.
    public var frame: TargetRect
    /// The area that accepts touches, when it differs from the frame.
    public var hitArea: TargetRect?
    /// The view's or control's class, e.g. `UIButton`.
    public var targetClass: String?

    public init(session: String, target: String, timeNanos: Int64, frame: TargetRect,
                hitArea: TargetRect? = nil, targetClass: String? = nil) {
        self.session = session
        self.target = target
        self.timeNanos = timeNanos
        self.frame = frame
        self.hitArea = hitArea
        self.targetClass = targetClass
    }
}
