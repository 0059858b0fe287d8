import GestureTrace
import SeededRandom

/// A capture shaped like what `GestureRecorder` writes in an app, touch by
/// touch, either sorted by time or in the order a recorder writes it.
///
/// Touches are sampled at 120 Hz and handed to the app once per 60 Hz
/// refresh: each event carries the samples gathered since the last one
/// (coalesced), stamped with their hardware times, which are 6–24 ms older
/// than the moment the event is handled. Whatever the app hears while
/// handling it (deliveries, recognizer transitions) is stamped with that
/// moment. So a recorder writes a touch's samples after deliveries whose
/// times are later than theirs: `.recorded` order is out of time order by
/// up to a couple of events, `.timeOrder` is the same records sorted by time.
///
/// Generated touch by touch, each handed out once no later touch can come
/// before it, so memory stays flat.
struct RecorderShapedCapture: Sequence {
    enum Shape {
        /// One-finger pans: a pan recognizer's every state change heard by
        /// KVO (a transition, which names no touch, and a delivery `via`
        /// `observer`) and by target-action, `touches` deliveries to the
        /// view at each event, a frame per refresh. About 40 % deliveries,
        /// each naming its touch.
        case pan
        /// Taps on buttons: four declared targets per session, each
        /// touch-down's hit, `control-event` deliveries naming the touch
        /// (`touchDown`, `touchDragInside` at each move, `touchUpInside` at
        /// the end), `touches` deliveries, and a tap recognizer on the
        /// background that fails (its transitions name no touch).
        case controls
        /// A scrolled list whose rows are controls: taps on rows (as
        /// `controls`, each row its own target) between scrolls, and after
        /// each scroll a target record for every row it moved, so a session
        /// declares a couple of thousand targets.
        case list
    }

    enum Order {
        case timeOrder
        /// As a recorder writes: each record when it was heard.
        case recorded
    }

    var shape: Shape
    var order: Order
    var seed: UInt64
    var approximateRecords: Int

    /// About 13,000 records a session either way (a pan is about 130
    /// records, a tap 40), so small benchmarks still compare two variants.
    var touchesPerSession: Int { shape == .pan ? 100 : 400 }
    static let rowHeight = 44.0
    static let screenHeight = 844.0
    static let refreshNanos: Int64 = 16_666_667
    static let sampleNanos: Int64 = 8_333_333
    static let pan = (name: "CanvasViewController.pan", className: "UIPanGestureRecognizer")
    static let tap = (name: "background.tap", className: "UITapGestureRecognizer")
    static let view = "CanvasView<UIView: 0x7f8a1c0d2e40>"
    static let buttons = ["record-button", "stop-button", "Aufnahme-Schaltfläche", "録音ボタン"]

    func makeIterator() -> Iterator {
        Iterator(capture: self)
    }

    struct Iterator: IteratorProtocol {
        private let capture: RecorderShapedCapture
        private var random: SeededGenerator
        private var emitted = 0
        /// Records generated and not handed out yet, each with the time it
        /// was written and its order of generation.
        private var pending: [(written: Int64, sequence: Int, record: TraceRecord)] = []
        private var sequence = 0
        /// The records handed out next, in order.
        private var ready: [TraceRecord] = []
        private var position = 0
        private var session = 0
        private var touchInSession = Int.max
        private var touch: Int64 = 0
        private var nextDown: Int64 = 0
        /// How far the list has scrolled, in points.
        private var listOffset = 0.0

        init(capture: RecorderShapedCapture) {
            self.capture = capture
            random = SeededGenerator(seed: capture.seed)
        }

        mutating func next() -> TraceRecord? {
            while position == ready.count {
                ready.removeAll(keepingCapacity: true)
                position = 0
                guard emitted < capture.approximateRecords else {
                    // The last touch's records still held back.
                    guard !pending.isEmpty else { return nil }
                    release(before: .max)
                    continue
                }
                refill()
            }
            defer { position += 1 }
            emitted += 1
            return ready[position]
        }

        private var sessionID: String { "recorded-\(session)" }

        /// Generates the next touch; hands out what no later touch can
        /// precede. Touches follow each other 5–250 ms after the last
        /// sample, so a quick next touch-down is often earlier than the last
        /// transitions of the touch before it (heard a lag later).
        private mutating func refill() {
            if touchInSession >= capture.touchesPerSession {
                release(before: .max)
                startSession()
            }
            touchInSession += 1
            touch += 1
            let lastSample: Int64
            switch capture.shape {
            case .pan: lastSample = appendPan(down: nextDown)
            case .controls: lastSample = appendTap(down: nextDown)
            case .list: lastSample = appendListTouch(down: nextDown)
            }
            nextDown = lastSample + 5_000_000 + Int64(random.nextUniform() * 245_000_000)
            // Every record of the next touch is at or after its down, and
            // written at or after it too.
            release(before: nextDown)
        }

        /// Moves the pending records earlier than `horizon` (by time, or by
        /// when they were written) to `ready`, in that order.
        private mutating func release(before horizon: Int64) {
            let key: ((written: Int64, sequence: Int, record: TraceRecord)) -> Int64 = capture.order == .recorded
                ? { $0.written } : { $0.record.timeForOrdering }
            pending.sort { (key($0), $0.sequence) < (key($1), $1.sequence) }
            let count = pending.firstIndex { key($0) >= horizon } ?? pending.count
            ready.append(contentsOf: pending[..<count].map(\.record))
            pending.removeSubrange(..<count)
        }

        private mutating func startSession() {
            session += 1
            touchInSession = 0
            nextDown = Int64(session) * 1_000_000_000_000
            append(written: .min, .session(SessionRecord(
                id: sessionID,
                experiment: capture.shape == .pan ? "pan-recorded" : capture.shape == .list ? "list-recorded" : "buttons-recorded",
                variant: session.isMultiple(of: 2) ? "B" : "A",
                device: DeviceInfo(model: "iPhone15,2", os: "iOS 17.5", screenWidth: 390, screenHeight: 844, scale: 3))))
            if capture.shape == .list {
                listOffset = 0
                appendRows(at: nextDown, from: 0)
                nextDown += 50_000_000
            }
            guard capture.shape == .controls else { return }
            for (index, button) in RecorderShapedCapture.buttons.enumerated() {
                append(written: nextDown, .target(TargetRecord(
                    session: sessionID, target: button, timeNanos: nextDown,
                    frame: TargetRect(x: 40 + Double(index % 2) * 180, y: 300 + Double(index / 2) * 200,
                                      width: 130, height: 60),
                    targetClass: "UIButton")))
            }
            nextDown += 50_000_000
        }

        /// The moment event `k` of a touch is handled: its last sample's
        /// hardware time plus the delivery lag.
        private func handled(_ down: Int64, event k: Int, lag: Int64) -> Int64 {
            down + Int64(k) * RecorderShapedCapture.refreshNanos + lag
        }

        private mutating func lag() -> Int64 { 6_000_000 + Int64(random.nextUniform() * 18_000_000) }

        private mutating func append(_ record: TraceRecord, written: Int64) {
            append(written: written, record)
        }

        private mutating func append(written: Int64, _ record: TraceRecord) {
            pending.append((written, sequence, record))
            sequence += 1
        }

        /// Event `k`'s touch samples (began at 0, two coalesced moves after,
        /// ended at `last`), all written when the event is handled.
        private mutating func appendSamples(down: Int64, event k: Int, last: Int, handledAt: Int64,
                                            x: Double, y: Double, hit: String?) {
            let s = sessionID
            let times: [(TouchPhase, Int64)] = k == 0 ? [(.began, down)]
                : k == last ? [(.ended, down + Int64(2 * k - 1) * RecorderShapedCapture.sampleNanos)]
                : [(.moved, down + Int64(2 * k - 1) * RecorderShapedCapture.sampleNanos),
                   (.moved, down + Int64(2 * k) * RecorderShapedCapture.sampleNanos)]
            for (phase, time) in times {
                let moved = Double(time - down) / 1_000_000 * 0.4
                append(.touch(TouchRecord(session: s, touch: touch, phase: phase, timeNanos: time, x: x + moved, y: y,
                                          radius: 20, force: 0, kind: .direct, hit: phase == .began ? hit : nil)),
                       written: handledAt)
            }
        }

        /// Returns the time of the touch's last sample.
        private mutating func appendPan(down: Int64) -> Int64 {
            let s = sessionID
            let x = 20 + random.nextUniform() * 200
            let y = 20 + random.nextUniform() * 804
            let last = 14 + Int(random.nextUniform() * 8)
            var state = RecognizerState.possible
            for k in 0...last {
                let at = handled(down, event: k, lag: lag())
                appendSamples(down: down, event: k, last: last, handledAt: at, x: x, y: y, hit: nil)
                let touchesEvent = k == 0 ? "touchesBegan" : k == last ? "touchesEnded" : "touchesMoved"
                append(.delivery(DeliveryRecord(session: s, target: RecorderShapedCapture.view, event: touchesEvent,
                                                via: "touches", timeNanos: at + 100_000, touch: touch)),
                       written: at + 100_000)
                if k >= 2 {
                    let to: RecognizerState = k == last ? .ended : state == .possible ? .began : .changed
                    let heard = at + 200_000
                    append(.transition(TransitionRecord(session: s, recognizer: RecorderShapedCapture.pan.name, to: to,
                                                        timeNanos: heard, from: state,
                                                        recognizerClass: RecorderShapedCapture.pan.className)),
                           written: heard)
                    append(.delivery(DeliveryRecord(session: s, target: RecorderShapedCapture.pan.name,
                                                    event: to.rawValue, via: "observer", timeNanos: heard,
                                                    touch: touch)), written: heard)
                    let action = heard + 150_000 + Int64(random.nextUniform() * 300_000)
                    append(.delivery(DeliveryRecord(session: s, target: RecorderShapedCapture.pan.name,
                                                    event: to.rawValue, via: "target-action", timeNanos: action,
                                                    touch: touch)), written: action)
                    state = to
                }
                let frame = at + 4_000_000
                append(.frame(FrameRecord(session: s, timeNanos: frame)), written: frame)
            }
            return down + Int64(2 * last - 1) * RecorderShapedCapture.sampleNanos
        }

        /// A list row's frame at the current offset.
        private func row(_ index: Int) -> TargetRect {
            TargetRect(x: 0, y: Double(index) * RecorderShapedCapture.rowHeight - listOffset, width: 390,
                       height: RecorderShapedCapture.rowHeight)
        }

        /// The rows on screen at the current offset.
        private var visibleRows: ClosedRange<Int> {
            let first = Int(listOffset / RecorderShapedCapture.rowHeight)
            return first...(first + Int(RecorderShapedCapture.screenHeight / RecorderShapedCapture.rowHeight))
        }

        /// A target record for each row on screen now, and for the rows
        /// from `earliest` on that the scroll moved off it.
        private mutating func appendRows(at time: Int64, from earliest: Int) {
            for index in Swift.min(earliest, visibleRows.lowerBound)...visibleRows.upperBound {
                append(written: time, .target(TargetRecord(session: sessionID, target: "row-\(index)", timeNanos: time,
                                                           frame: row(index), targetClass: "UITableViewCell")))
            }
        }

        /// Half the touches scroll the list (300–700 pt, then the rows it
        /// moved are declared again); the others tap a row on screen.
        private mutating func appendListTouch(down: Int64) -> Int64 {
            guard random.nextUniform() < 0.5 else {
                let rows = visibleRows
                let index = rows.lowerBound + 1 + Int(random.nextUniform() * Double(rows.count - 2))
                let frame = row(index)
                return appendTap(down: down, at: (40 + random.nextUniform() * 300, frame.y + 4 + random.nextUniform() * 36),
                                 on: "row-\(index)")
            }
            let before = visibleRows.lowerBound
            let last = appendTap(down: down, at: (200, 600 + random.nextUniform() * 100), on: nil)
            listOffset += 300 + random.nextUniform() * 400
            appendRows(at: last + 20_000_000, from: before)
            return last + 20_000_000
        }

        /// Returns the time of the touch's last sample.
        private mutating func appendTap(down: Int64) -> Int64 {
            let index = Int(random.nextUniform() * 5)
            let onButton = index < 4
            let x = onButton ? 60 + Double(index % 2) * 180 + random.nextUniform() * 90 : 20 + random.nextUniform() * 350
            let y = onButton ? 310 + Double(index / 2) * 200 + random.nextUniform() * 40 : 700 + random.nextUniform() * 100
            return appendTap(down: down, at: (x, y), on: onButton ? RecorderShapedCapture.buttons[index] : nil)
        }

        /// A tap at `point`, on `button` (a control: its events name the
        /// touch) or on the view behind.
        private mutating func appendTap(down: Int64, at point: (x: Double, y: Double), on button: String?) -> Int64 {
            let s = sessionID
            let (x, y) = point
            let onButton = button != nil
            let last = 3 + Int(random.nextUniform() * 6)
            for k in 0...last {
                let at = handled(down, event: k, lag: lag())
                appendSamples(down: down, event: k, last: last, handledAt: at, x: x, y: y, hit: button ?? "")
                let touchesEvent = k == 0 ? "touchesBegan" : k == last ? "touchesEnded" : "touchesMoved"
                append(.delivery(DeliveryRecord(session: s, target: button ?? RecorderShapedCapture.view,
                                                event: touchesEvent, via: "touches", timeNanos: at + 100_000,
                                                touch: touch)), written: at + 100_000)
                if let button {
                    let controlEvent = k == 0 ? "touchDown" : k == last ? "touchUpInside" : "touchDragInside"
                    let heard = at + 250_000 + Int64(random.nextUniform() * 200_000)
                    append(.delivery(DeliveryRecord(session: s, target: button, event: controlEvent,
                                                    via: "control-event", timeNanos: heard, touch: touch)),
                           written: heard)
                }
                if k == last {
                    // The background's tap fails on a button and is recognized
                    // elsewhere; UIKit then resets it to possible.
                    let heard = at + 500_000
                    let to: RecognizerState = onButton ? .failed : .recognized
                    append(.transition(TransitionRecord(session: s, recognizer: RecorderShapedCapture.tap.name, to: to,
                                                        timeNanos: heard, from: .possible,
                                                        recognizerClass: RecorderShapedCapture.tap.className)),
                           written: heard)
                    append(.delivery(DeliveryRecord(session: s, target: RecorderShapedCapture.tap.name,
                                                    event: to.rawValue, via: "observer", timeNanos: heard,
                                                    touch: touch)), written: heard)
                    append(.transition(TransitionRecord(session: s, recognizer: RecorderShapedCapture.tap.name,
                                                        to: .possible, timeNanos: heard + 50_000, from: to,
                                                        recognizerClass: RecorderShapedCapture.tap.className)),
                           written: heard + 50_000)
                }
                let frame = at + 4_000_000
                append(.frame(FrameRecord(session: s, timeNanos: frame)), written: frame)
            }
            return down + Int64(2 * last - 1) * RecorderShapedCapture.sampleNanos
        }
    }
}

extension TraceRecord {
    /// The record's time; a session declaration comes before everything.
    var timeForOrdering: Int64 {
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
