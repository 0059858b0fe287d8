import Foundation
import GestureTrace

/// The background thread of one recording: takes what the app handed
/// over, encodes it with GestureTrace's writer, and makes every line it
/// has written complete in the file at least every `flushInterval`.
final class RecordingWriter: @unchecked Sendable {
    private let ring: EventRing
    /// Only the writer thread touches it once started.
    private var writer: TraceWriter
    private let flushInterval: TimeInterval

    private static let phases = TouchPhase.allCases
    private static let kinds = TouchKind.allCases
    private static let states = RecognizerState.allCases

    init(ring: EventRing, writer: TraceWriter, flushInterval: TimeInterval) {
        self.ring = ring
        self.writer = writer
        self.flushInterval = flushInterval
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "GestureRecorder writer"
        thread.qualityOfService = .utility
        thread.start()
    }

    private func run() {
        var events: [RecorderEvent] = []
        events.reserveCapacity(ring.capacity)
        var failure: RecorderError?
        while true {
            let batch = ring.take(into: &events, waitingUpTo: flushInterval)
            var written = (records: 0, dropped: 0, ignored: 0)
            if failure == nil {
                do {
                    written = try write(events, batch)
                    if batch.isLast { try writer.close() } else { try writer.flush() }
                } catch {
                    failure = RecorderError(.writeFailed, "recording stopped: \(error)", underlyingError: error)
                }
            }
            ring.written(through: batch.through, records: written.records, dropped: written.dropped,
                         ignored: written.ignored, failure: failure)
            if batch.isLast { break }
        }
        if failure != nil { try? writer.close() }
        ring.writerDidStop()
    }

    /// Which touch events can be written, and how the others count.
    private var admission = TouchAdmission()
    /// The targets (name indices) with a record in the current session: a
    /// `hit` may name only these, or the reader would refuse the capture.
    private var recordedTargets: Set<UInt32> = []

    private func write(_ events: [RecorderEvent], _ batch: EventRing.Batch) throws
        -> (records: Int, dropped: Int, ignored: Int) {
        let names = batch.names
        var drops = batch.drops
        for began in batch.droppedBegans { admission.noteDropped(began) }
        if let first = batch.untrackedSince {
            admission.noteUntracked(from: first, through: Int32(batch.sessions.count - 1))
        }
        var orphaned: [Int32: DropTally] = [:]
        var ignored = 0
        var written = 0
        for (position, var event) in events.enumerated() {
            switch event.kind {
            case .sessionStart:
                admission.sessionStarted(event.session)
                recordedTargets.removeAll()
            case .target:
                recordedTargets.insert(event.name)
                let next = position + 1 < events.count ? events[position + 1] : nil
                try writer.write(Self.targetRecord(event, hitArea: next?.kind == .targetHitArea ? next : nil,
                                                   names: names, sessions: batch.sessions))
                written += 1
                continue
            case .targetHitArea:
                continue  // written with the target before it
            case .touch:
                switch admission.admit(session: event.session, touch: event.touch, phase: Self.phases[Int(event.code)]) {
                case .write:
                    if event.name != RecorderEvent.noTarget, !recordedTargets.contains(event.name) {
                        // A target with no frame yet (or not this
                        // recorder's): the hit is left unrecorded.
                        event.name = RecorderEvent.noName
                    }
                case .drop:
                    // Its `began` was dropped: the format refuses a touch's
                    // records without one, so these are dropped too, and counted.
                    orphaned[event.session, default: DropTally(session: event.session)].add(event)
                    continue
                case .ignore:
                    // It began before this session: not this session's to record.
                    ignored += 1
                    continue
                }
            case .transition, .delivery, .frame:
                break
            }
            try writer.write(Self.record(event, names: names, sessions: batch.sessions))
            written += 1
        }
        drops += orphaned.values.sorted { $0.session < $1.session }
        for drop in drops {
            try writer.write(.dropped(DroppedRecord(session: batch.sessions[Int(drop.session)].id, count: drop.count,
                                                    timeNanos: drop.latestNanos, kinds: drop.kinds)))
        }
        let orphanCount = orphaned.values.reduce(0) { $0 + Int($1.count) }
        return (written + drops.count, orphanCount, ignored)
    }

    /// A target event and its hit area's continuation as one record.
    static func targetRecord(_ event: RecorderEvent, hitArea: RecorderEvent?, names: [String],
                             sessions: [SessionRecord]) -> TraceRecord {
        .target(TargetRecord(
            session: sessions[Int(event.session)].id, target: names[Int(event.name)], timeNanos: event.timeNanos,
            frame: TargetRect(x: event.x, y: event.y, width: event.radius, height: event.force),
            hitArea: hitArea.map { TargetRect(x: $0.x, y: $0.y, width: $0.radius, height: $0.force) },
            targetClass: event.secondName == RecorderEvent.noName ? nil : names[Int(event.secondName)]))
    }

    static func record(_ event: RecorderEvent, names: [String], sessions: [SessionRecord]) -> TraceRecord {
        let session = sessions[Int(event.session)]
        func optional(_ value: Double) -> Double? { value.isNaN ? nil : value }
        let touch = event.hasTouch ? event.touch : nil
        switch event.kind {
        case .sessionStart:
            return .session(session)
        case .touch:
            let hit: String? = switch event.name {
            case RecorderEvent.noName: nil
            case RecorderEvent.noTarget: ""
            default: names[Int(event.name)]
            }
            return .touch(TouchRecord(
                session: session.id, touch: event.touch, phase: phases[Int(event.code)], timeNanos: event.timeNanos,
                x: event.x, y: event.y, radius: optional(event.radius), force: optional(event.force),
                kind: event.secondCode == RecorderEvent.noCode ? nil : kinds[Int(event.secondCode)], hit: hit))
        case .transition:
            return .transition(TransitionRecord(
                session: session.id, recognizer: names[Int(event.name)], to: states[Int(event.code)],
                timeNanos: event.timeNanos,
                from: event.secondCode == RecorderEvent.noCode ? nil : states[Int(event.secondCode)],
                recognizerClass: event.secondName == RecorderEvent.noName ? nil : names[Int(event.secondName)],
                touch: touch))
        case .delivery:
            return .delivery(DeliveryRecord(
                session: session.id, target: names[Int(event.name)], event: names[Int(event.secondName)],
                via: names[Int(event.via)], timeNanos: event.timeNanos, touch: touch))
        case .frame:
            return .frame(FrameRecord(session: session.id, timeNanos: event.timeNanos))
        case .target, .targetHitArea:
            return targetRecord(event, hitArea: nil, names: names, sessions: sessions)
        }
    }
}
