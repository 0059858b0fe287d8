import GestureTrace
import SeededRandom

/// A capture shaped like an app that observes many recognizers and
/// controls: per touch, 4 samples, 3 frames, 9 transitions and 15
/// deliveries, every transition and delivery naming its touch. Target
/// names are long and some are not ASCII. Records are in time order.
///
/// Generated touch by touch, so memory stays flat at any size.
struct DeliveryHeavyCapture: Sequence {
    var seed: UInt64
    var approximateRecords: Int

    /// Sessions hold this many touches, 250 ms apart.
    static let touchesPerSession = 500
    static let recognizers: [(name: String, className: String)] = [
        ("CaptureViewController.view.gestureRecognizers[0] (pan)", "UIPanGestureRecognizer"),
        ("Aufnahme-Schaltfläche · long press", "UILongPressGestureRecognizer"),
        ("録音ボタン.swipe", "UISwipeGestureRecognizer"),
    ]
    static let control = "RecordButton<UIButton: 0x7f8a1c0d2e40; frame = (145 760; 100 60)>"

    func makeIterator() -> Iterator {
        Iterator(seed: seed, limit: approximateRecords)
    }

    struct Iterator: IteratorProtocol {
        private var random: SeededGenerator
        private let limit: Int
        private var emitted = 0
        private var burst: [TraceRecord] = []
        private var position = 0
        private var session = 0
        private var touchInSession = DeliveryHeavyCapture.touchesPerSession
        private var touch: Int64 = 0

        init(seed: UInt64, limit: Int) {
            random = SeededGenerator(seed: seed)
            self.limit = limit
        }

        mutating func next() -> TraceRecord? {
            if position == burst.count {
                guard emitted < limit else { return nil }
                refill()
            }
            defer { position += 1 }
            emitted += 1
            return burst[position]
        }

        private var sessionID: String { "heavy-\(session)" }

        /// The next touch's records, in time order; a new session first
        /// when the last one is full.
        private mutating func refill() {
            burst.removeAll(keepingCapacity: true)
            position = 0
            if touchInSession == DeliveryHeavyCapture.touchesPerSession {
                session += 1
                touchInSession = 0
                burst.append(.session(SessionRecord(
                    id: sessionID, experiment: "delivery-heavy", variant: session.isMultiple(of: 2) ? "B" : "A",
                    device: DeviceInfo(model: "iPhone15,2", os: "iOS 17.5", screenWidth: 390, screenHeight: 844,
                                       scale: 3))))
            }
            touchInSession += 1
            touch += 1
            let down = Int64(session) * 1_000_000_000_000 + Int64(touchInSession) * 250_000_000
            let first = burst.count
            appendTouch(down: down)
            burst[first...].sort { $0.timeNanosForOrdering < $1.timeNanosForOrdering }
        }

        private mutating func appendTouch(down: Int64) {
            let s = sessionID
            let x = 20 + random.nextUniform() * 350
            let y = 20 + random.nextUniform() * 804
            func ms(_ value: Double) -> Int64 { down + Int64(value * 1_000_000) }
            func jitter() -> Double { random.nextUniform() * 2 }
            for (phase, at) in [(TouchPhase.began, 0.0), (.moved, 8), (.moved, 16), (.ended, 80)] {
                burst.append(.touch(TouchRecord(session: s, touch: touch, phase: phase, timeNanos: ms(at),
                                                x: x + at / 4, y: y, radius: 20, force: 0, kind: .direct)))
            }
            for at in [5.0, 21.7, 38.3] {
                burst.append(.frame(FrameRecord(session: s, timeNanos: ms(at))))
            }
            burst.append(.delivery(DeliveryRecord(session: s, target: DeliveryHeavyCapture.control,
                                                  event: "touchesBegan", via: "touches", timeNanos: ms(1), touch: touch)))
            burst.append(.delivery(DeliveryRecord(session: s, target: DeliveryHeavyCapture.control,
                                                  event: "touchDown", via: "control-event", timeNanos: ms(2 + jitter()),
                                                  touch: touch)))
            burst.append(.delivery(DeliveryRecord(session: s, target: DeliveryHeavyCapture.control,
                                                  event: "touchUpInside", via: "control-event",
                                                  timeNanos: ms(81 + jitter()), touch: touch)))
            for recognizer in DeliveryHeavyCapture.recognizers {
                let began = 12 + random.nextUniform() * 30
                let ended = 84 + random.nextUniform() * 4
                for (from, to, at) in [(RecognizerState.possible, RecognizerState.began, began),
                                       (.began, .changed, began + 8), (.changed, .ended, ended)] {
                    burst.append(.transition(TransitionRecord(session: s, recognizer: recognizer.name, to: to,
                                                              timeNanos: ms(at), from: from,
                                                              recognizerClass: recognizer.className, touch: touch)))
                }
                for (event, at) in [("began", began), ("ended", ended)] {
                    burst.append(.delivery(DeliveryRecord(session: s, target: recognizer.name, event: event,
                                                          via: "observer", timeNanos: ms(at + 0.05), touch: touch)))
                    burst.append(.delivery(DeliveryRecord(session: s, target: recognizer.name, event: event,
                                                          via: "target-action", timeNanos: ms(at + 0.4 + jitter()),
                                                          touch: touch)))
                }
            }
        }
    }
}

private extension TraceRecord {
    /// Every record this capture makes has a time.
    var timeNanosForOrdering: Int64 {
        switch self {
        case .session: .min
        case .touch(let record): record.timeNanos
        case .transition(let record): record.timeNanos
        case .delivery(let record): record.timeNanos
        case .frame(let record): record.timeNanos
        case .dropped(let record): record.timeNanos
        case .target(let record): record.timeNanos
        }
    }
}
