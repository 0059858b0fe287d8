import GestureTrace

/// One session's records in time order, as a trace recorder writes them: it takes
/// the records an interaction produces, in whatever order the scenario
/// works them out, and gives them back in time order.
///
/// Records wait in a ``RecordQueue``; frames are produced lazily from a
/// ``FrameTrack``. The capture takes out everything earlier than the next
/// touch-down before that touch is played, so memory stays bounded by one
/// interaction however long the capture.
struct SessionTimeline {
    let session: String
    let device: DeviceProfile
    /// What sets this session apart from others of its variant.
    var conditions = SessionConditions.uniform
    private var queue = RecordQueue()
    private var frames: FrameTrack
    /// The latest time of any record added so far, frames excepted.
    private(set) var latestRecordTime: Int64

    init(session: String, device: DeviceProfile, start: Int64, frameOrigin: Int64) {
        self.session = session
        self.device = device
        latestRecordTime = start
        frames = FrameTrack(origin: frameOrigin, rate: device.refreshRate)
    }

    /// Records and frames added but not yet taken out.
    var pendingCount: Int { queue.count + frames.pendingCount }

    private var latestFrameTime: Int64 = .min

    /// The latest time of anything added so far, frames included.
    var latestTime: Int64 { max(latestRecordTime, frames.lastTime ?? latestFrameTime, latestFrameTime) }

    /// Takes out the earliest pending record if it is earlier than `horizon`.
    /// A frame and a record at the same time: the record first.
    mutating func next(before horizon: Int64) -> TraceRecord? {
        let recordTime = queue.earliestTime
        let frameTime = frames.nextTime
        if let recordTime, recordTime < horizon, frameTime.map({ recordTime <= $0 }) ?? true {
            return queue.removeEarliest()
        }
        if let frameTime, frameTime < horizon, let time = frames.removeNext() {
            latestFrameTime = time
            return .frame(FrameRecord(session: session, timeNanos: time))
        }
        return nil
    }

    // MARK: Recording

    /// A touch sample; `hit` only on a `began` whose hit-test the app reports
    /// (the declared target it chose, `""` for none).
    mutating func touch(_ touch: Int64, _ phase: TouchPhase, at time: Int64, x: Double, y: Double,
                        hit: String? = nil) {
        add(.touch(TouchRecord(session: session, touch: touch, phase: phase, timeNanos: time,
                               x: Self.rounded(x), y: Self.rounded(y), hit: hit)), at: time)
    }

    /// Where a declared target is from `time` on: its visible frame and,
    /// when enlarged, the area that accepts its touches.
    mutating func target(_ target: String, class targetClass: String, frame: TargetRect, hitArea: TargetRect? = nil,
                         at time: Int64) {
        add(.target(TargetRecord(session: session, target: target, timeNanos: time, frame: frame, hitArea: hitArea,
                                 targetClass: targetClass)), at: time)
    }

    mutating func transition(_ recognizer: String, class recognizerClass: String, from: RecognizerState,
                             to: RecognizerState, at time: Int64, touch: Int64) {
        add(.transition(TransitionRecord(session: session, recognizer: recognizer, to: to, timeNanos: time,
                                         from: from, recognizerClass: recognizerClass, touch: touch)),
            at: time)
    }

    /// A delivery; `touch` only when the receiving code can know the touch
    /// (a view's `touches…` or a control event), not for a recognizer's action.
    mutating func delivery(target: String, event: String, via: String, at time: Int64, touch: Int64? = nil) {
        add(.delivery(DeliveryRecord(session: session, target: target, event: event, via: via,
                                     timeNanos: time, touch: touch)), at: time)
    }

    /// The app changes the screen from `start` through `end` (handler times):
    /// frames on every refresh from the first that can show `start`'s change
    /// through the first that can show `end`'s.
    mutating func presentChanges(from start: Int64, through end: Int64) {
        let delay = SimulatedTime.tick(Int64(SimulationParameters.framesToPresent), rate: device.refreshRate, from: 0)
        frames.present(from: start + delay, through: end + delay)
    }

    /// An animation stops at `time` (handler time): no frames after the
    /// refresh that shows the stop.
    mutating func stopChanges(at time: Int64) {
        let delay = SimulatedTime.tick(Int64(SimulationParameters.framesToPresent), rate: device.refreshRate, from: 0)
        let shown = frames.time(ofIndex: frames.index(atOrAfter: time + delay))
        frames.stop(after: shown)
    }

    private mutating func add(_ record: TraceRecord, at time: Int64) {
        queue.add(record, at: time)
        latestRecordTime = max(latestRecordTime, time)
    }

    /// Positions to `SimulationParameters.positionResolution`.
    static func rounded(_ value: Double) -> Double {
        let steps = 1 / SimulationParameters.positionResolution
        return (value * steps).rounded() / steps
    }
}
