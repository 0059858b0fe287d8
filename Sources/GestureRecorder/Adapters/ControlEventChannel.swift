/// One control event of one registered control, recorded `via`
/// `control-event` with the touch that caused it when there is one.
public struct ControlEventChannel {
    public let recorder: GestureRecorder
    public let target: RecorderName
    public let event: RecorderName

    public init(recorder: GestureRecorder, target: RecorderName, eventName: String) {
        self.recorder = recorder
        self.target = target
        event = recorder.name(eventName)
    }

    public func fired(at time: RecorderTime, touch: Int64?) {
        recorder.delivery(target, event: event, via: .controlEvent, at: time, touch: touch)
    }
}
