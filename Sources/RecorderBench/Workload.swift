import GestureRecorder

/// A steady stream of what an app records: a touch of a few samples, the
/// button's deliveries and a pan's transitions and deliveries, and frames.
struct Workload {
    let recorder: GestureRecorder
    let button: RecorderName
    let touchDown: RecorderName
    let pan: RecorderName
    let panClass: RecorderName
    private var touch: Int64 = 0
    private var clock: Int64 = 1_000_000_000_000

    init(recorder: GestureRecorder) {
        self.recorder = recorder
        button = recorder.name("record-button")
        touchDown = recorder.name("touchDown")
        pan = recorder.name("pan")
        panClass = recorder.name("UIPanGestureRecognizer")
    }

    static let session = RecordingSession(
        id: "bench", experiment: "recorder-bench", variant: "steady", config: ["delivery": .string("both")],
        device: DeviceInfo(model: "bench", os: "bench", screenWidth: 393, screenHeight: 852, scale: 3))

    /// Records the `index`th event of the stream (16 events a touch).
    mutating func record(_ index: Int) {
        clock += 1_000_000
        let time = RecorderTime(nanoseconds: clock)
        switch index & 15 {
        case 0:
            touch += 1
            recorder.touch(touch, .began, at: time, x: 380, y: 840, radius: 20, force: 0.5, kind: .direct)
        case 1: recorder.transition(pan, to: .began, from: .possible, class: panClass, at: time, touch: touch)
        case 2: recorder.delivery(pan, event: .state(.began), via: .observer, at: time)
        case 3: recorder.delivery(button, event: touchDown, via: .controlEvent, at: time, touch: touch)
        case 4, 6, 8, 10, 12: recorder.touch(touch, .moved, at: time, x: 380, y: 840 - Double(index & 15))
        case 14: recorder.touch(touch, .ended, at: time, x: 380, y: 820)
        case 15: recorder.delivery(pan, event: .state(.began), via: .targetAction, at: time)
        default: recorder.frame(at: time)
        }
    }
}
