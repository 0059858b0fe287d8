/// Feeds ready-made records through a recorder: what a converter or a
/// simulator does to write captures by the same path an app does.
///
/// Names are registered once each and then looked up here, without the
/// recorder's lock. `dropped` records are not replayed: the recorder
/// writes its own. Targets are each session's own: a session record
/// removes the targets earlier sessions declared, so none carries over;
/// a `target` record that repeats its target's frame and hit area writes
/// nothing; a `hit` naming a target not declared yet is left out.
///
///     let recorder = GestureRecorder(options: .init(whenFull: .wait, recorderName: nil))
///     try recorder.start(writingTo: try TraceWriter(path: "out.jsonl", header: TraceHeader(recorder: "converter")))
///     var replayer = RecordReplayer(recorder: recorder)
///     for record in records { try replayer.replay(record) }
///     _ = try recorder.finish()
public struct RecordReplayer {
    public let recorder: GestureRecorder
    private var names: [String: RecorderName] = [:]
    /// The targets declared in the current session, by name.
    private var targets: [String: RecorderTarget] = [:]

    public init(recorder: GestureRecorder) {
        self.recorder = recorder
    }

    /// Hands one record to the recorder; a session record starts its session.
    public mutating func replay(_ record: TraceRecord) throws(RecorderError) {
        switch record {
        case .session(let session):
            for target in targets.values { recorder.removeTarget(target) }
            targets = [:]
            try recorder.beginSession(RecordingSession(record: session))
        case .touch(let touch):
            let hit: TouchHit? = switch touch.hit {
            case nil: nil
            case "": .noTarget
            case let name?: targets[name].map { .target($0) }
            }
            recorder.touch(touch.touch, touch.phase, at: RecorderTime(nanoseconds: touch.timeNanos), x: touch.x,
                           y: touch.y, radius: touch.radius, force: touch.force, kind: touch.kind, hit: hit)
        case .transition(let transition):
            recorder.transition(name(transition.recognizer), to: transition.to, from: transition.from,
                                class: transition.recognizerClass.map { name($0) },
                                at: RecorderTime(nanoseconds: transition.timeNanos), touch: transition.touch)
        case .delivery(let delivery):
            recorder.delivery(name(delivery.target), event: name(delivery.event), via: name(delivery.via),
                              at: RecorderTime(nanoseconds: delivery.timeNanos), touch: delivery.touch)
        case .frame(let frame):
            recorder.frame(at: RecorderTime(nanoseconds: frame.timeNanos))
        case .target(let record):
            let time = RecorderTime(nanoseconds: record.timeNanos)
            if let target = targets[record.target] {
                try recorder.updateTarget(target, frame: record.frame, hitArea: record.hitArea, at: time)
            } else {
                targets[record.target] = try recorder.declareTarget(record.target, frame: record.frame,
                                                                    hitArea: record.hitArea,
                                                                    class: record.targetClass, at: time)
            }
        case .dropped:
            break
        }
    }

    private mutating func name(_ text: String) -> RecorderName {
        if let known = names[text] { return known }
        let registered = recorder.name(text)
        names[text] = registered
        return registered
    }
}
