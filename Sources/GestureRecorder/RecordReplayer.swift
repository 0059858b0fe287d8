/// Feeds ready-made records through a recorder: what a converter or a
/// simulator does to write captures by the same path an app does.
///
/// Names are registered once each and then looked up here, without the
/// recorder's lock. `dropped` records are not replayed: the recorder
/// writes its own.
///
///     let recorder = GestureRecorder(options: .init(whenFull: .wait, recorderName: nil))
///     try recorder.start(writingTo: try TraceWriter(path: "out.jsonl", header: TraceHeader(recorder: "converter")))
///     var replayer = RecordReplayer(recorder: recorder)
///     for record in records { try replayer.replay(record) }
///     _ = try recorder.finish()
public struct RecordReplayer {
    public let recorder: GestureRecorder
    private var names: [String: RecorderName] = [:]

    public init(recorder: GestureRecorder) {
        self.recorder = recorder
    }

    /// Hands one record to the recorder; a session record starts its session.
    public mutating func replay(_ record: TraceRecord) throws(RecorderError) {
        switch record {
        case .session(let session):
            try recorder.beginSession(RecordingSession(record: session))
        case .touch(let touch):
            recorder.touch(touch.touch, touch.phase, at: RecorderTime(nanoseconds: touch.timeNanos), x: touch.x,
                           y: touch.y, radius: touch.radius, force: touch.force, kind: touch.kind)
        case .transition(let transition):
            recorder.transition(name(transition.recognizer), to: transition.to, from: transition.from,
                                class: transition.recognizerClass.map { name($0) },
                                at: RecorderTime(nanoseconds: transition.timeNanos), touch: transition.touch)
        case .delivery(let delivery):
            recorder.delivery(name(delivery.target), event: name(delivery.event), via: name(delivery.via),
                              at: RecorderTime(nanoseconds: delivery.timeNanos), touch: delivery.touch)
        case .frame(let frame):
            recorder.frame(at: RecorderTime(nanoseconds: frame.timeNanos))
        case .dropped, .target:
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
