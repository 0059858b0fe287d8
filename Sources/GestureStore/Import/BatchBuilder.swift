import GestureTrace

/// Turns the reader's records into rows and derived latencies, on the
/// reading thread, so the inserting thread only binds and steps.
///
/// Each record becomes its row first; then the deriver reads it and hands
/// what it settles to the batch (`ImportBatch+DerivedLatencySink.swift`),
/// which maps the deriver's keys to the text of the row just stored.
struct BatchBuilder {
    private(set) var deriver: StreamingDeriver
    /// Puts records a recorder wrote a little late back in time order.
    private var window: ReorderWindow
    /// Sessions declared so far: the reader numbers them in that order.
    private var sessionCount = 0
    /// By session ordinal, for each touch-down's region: where its screen is
    /// in `screens`. Sessions share a few screen sizes, so a capture of many
    /// short sessions keeps 4 bytes a session rather than 32.
    private var screenOfSession: [Int32] = []
    private var screens: [(width: Double?, height: Double?)] = []
    private var screenIndex: [ScreenKey: Int32] = [:]

    init(limits: StreamingDeriver.Limits, startsOverflow: FalseStartTracker.Overflow = .settle) {
        deriver = StreamingDeriver(limits: limits, startsOverflow: startsOverflow)
        window = ReorderWindow(capacity: limits.reorder)
    }

    /// Adds an item the reader returned, with its session as the reader
    /// numbers them: pass ``TraceReader/sessionOfLastItem`` right after
    /// `next()`. The reader keeps every session's id to the end, so no
    /// second map of them is kept here.
    ///
    ///     while let item = try reader.next() { builder.add(item, session: reader.sessionOfLastItem, to: &batch) }
    mutating func add(_ item: TraceReader.Item, session: Int, to batch: inout ImportBatch) {
        batch.itemCount += 1
        switch item {
        case .rejected(let rejection):
            batch.rejections.append(rejection)
        case .record(let record, let line):
            add(record, session: session, line: line, to: &batch)
        }
    }

    /// Settles what only the end of the capture decides; call once.
    mutating func finish(into batch: inout ImportBatch) {
        flushWindow(into: &batch)
        deriver.finish(into: &batch)
    }

    /// Hands a record to the deriver through the reorder window.
    @inline(__always)
    private mutating func derive(_ entry: ReorderWindow.Entry, session: Int, into batch: inout ImportBatch) {
        // Once the deriver has given up, nothing more is derived, and what
        // the window holds never will be: a shuffled capture had it keep a
        // full window for each of its sessions to the end.
        guard deriver.isExact else {
            if !window.isEmpty { window = ReorderWindow(capacity: window.capacity) }
            return
        }
        if let earliest = window.add(entry, session: session) {
            release(earliest, session: session, into: &batch)
        }
    }

    private mutating func flushWindow(into batch: inout ImportBatch) {
        for (session, entry) in window.drain() {
            release(entry, session: session, into: &batch)
        }
    }

    private mutating func release(_ entry: ReorderWindow.Entry, session: Int, into batch: inout ImportBatch) {
        switch entry.record {
        case .touchDown(let touch, let region, let x, let y, let hit):
            deriver.touchBegan(session: session, touch: touch, downNanos: entry.nanos, region: region,
                               line: entry.line, x: x, y: y, hit: hit, into: &batch)
        case .target(let target):
            deriver.target(target, session: session, line: entry.line, into: &batch)
        case .transition(let transition):
            deriver.transition(transition, session: session, line: entry.line, into: &batch)
        case .delivery(let delivery):
            deriver.delivery(delivery, session: session, line: entry.line, into: &batch)
        }
    }

    private mutating func add(_ record: TraceRecord, session ordinal: Int, line: Int, to batch: inout ImportBatch) {
        precondition(ordinal >= 0 && ordinal < sessionCount + (record.kind == .session ? 1 : 0),
                     "line \(line) reached the store without a declared session")
        switch record {
        case .session(let session):
            // The reader refuses a second declaration of a session id, and
            // numbers the sessions in the order they are declared.
            precondition(ordinal == sessionCount, "session \"\(session.id)\" numbered out of order")
            sessionCount += 1
            screenOfSession.append(screen(width: session.device?.screenWidth, height: session.device?.screenHeight))
            batch.sessions.append(SessionRow(record: session, line: line))
            // Sessions may retire in the deriver now: hand it what is held first.
            flushWindow(into: &batch)
            deriver.addSession(into: &batch)
        case .touch(let touch):
            let row = TouchSampleRow(session: ordinal, touch: touch.touch,
                                     timeNanos: touch.timeNanos, phase: touch.phase, x: touch.x, y: touch.y,
                                     radius: touch.radius, force: touch.force, kind: touch.kind, line: line)
            batch.touchSamples.append(row)
            if touch.phase == .began {
                let screen = screens[Int(screenOfSession[row.session])]
                let region = ScreenRegion(x: touch.x, y: touch.y, screenWidth: screen.width, screenHeight: screen.height)
                batch.touchDowns.append(TouchDownRow(sample: row, region: region, hit: batch.text(touch.hit)))
                derive(ReorderWindow.Entry(nanos: touch.timeNanos, line: line,
                                           record: .touchDown(touch: touch.touch, region: region, x: touch.x,
                                                              y: touch.y, hit: touch.hit)),
                       session: row.session, into: &batch)
            }
        case .transition(let transition):
            let session = ordinal
            batch.transitions.append(batch.row(for: transition, session: session, line: line))
            derive(ReorderWindow.Entry(nanos: transition.timeNanos, line: line, record: .transition(transition)),
                   session: session, into: &batch)
        case .delivery(let delivery):
            let session = ordinal
            batch.deliveries.append(batch.row(for: delivery, session: session, line: line))
            derive(ReorderWindow.Entry(nanos: delivery.timeNanos, line: line, record: .delivery(delivery)),
                   session: session, into: &batch)
        case .frame(let frame):
            batch.frames.append(FrameRow(session: ordinal, timeNanos: frame.timeNanos, line: line))
        case .dropped(let dropped):
            batch.drops.append((ordinal, dropped.count))
        case .target(let target):
            let session = ordinal
            batch.targets.append(TargetRow(session: session, target: batch.text(target.target),
                                           timeNanos: target.timeNanos, frame: target.frame, hitArea: target.hitArea,
                                           targetClass: batch.text(target.targetClass), line: line))
            derive(ReorderWindow.Entry(nanos: target.timeNanos, line: line, record: .target(target)),
                   session: session, into: &batch)
        }
    }

    /// Where the screen of this size is in `screens`, added when new.
    private mutating func screen(width: Double?, height: Double?) -> Int32 {
        let key = ScreenKey(width: width?.bitPattern, height: height?.bitPattern)
        if let known = screenIndex[key] { return known }
        screens.append((width, height))
        screenIndex[key] = Int32(screens.count - 1)
        return Int32(screens.count - 1)
    }

    /// A screen size by its bits: sizes the same to the bit share an entry.
    private struct ScreenKey: Hashable {
        var width: UInt64?
        var height: UInt64?
    }
}
