import GRDB
import GestureTrace

/// Writes one capture's prepared rows into the store.
///
/// Sessions are rare and go through GRDB's ordinary API; everything else
/// goes through `MultiRowInsert`, many rows a statement, bound directly.
final class RecordInserter {
    private let db: Database
    private let captureID: Int64
    /// `session.id` in the store, by the session's ordinal in the capture.
    private(set) var sessionRowIDs: [Int64] = []
    /// Every name's key, read once and grown as the capture names new ones.
    private let names: NameInterner

    private let touchDowns: MultiRowInsert<TouchDownRow>
    private let touchSamples: MultiRowInsert<TouchSampleRow>
    private let transitions: MultiRowInsert<TransitionRow>
    private let deliveries: MultiRowInsert<DeliveryRow>
    private let frames: MultiRowInsert<FrameRow>
    private let targets: MultiRowInsert<TargetRow>
    private let touchStarts: MultiRowInsert<TouchStartRow>
    private let outcomes: MultiRowInsert<OutcomeRow>
    private let heldStarts: MultiRowInsert<HeldStartRow>
    /// Whether `HeldStartEvents`' table holds events of this import.
    private var holdsStarts = false
    private let responses: MultiRowInsert<ResponseRow>
    private let upsertedResponses: MultiRowInsert<ResponseRow>
    private let recognitions: MultiRowInsert<RecognitionRow>
    private let upsertedRecognitions: MultiRowInsert<RecognitionRow>
    private let dispatches: MultiRowInsert<DispatchRow>
    private let orphans: MultiRowInsert<OrphanRow>
    private let sessionInsert: BoundStatement
    private let configInsert: BoundStatement

    /// Time spent storing derived latencies, for the import summary.
    private(set) var derivedSeconds = 0.0

    /// Call inside the import's transaction: the names it reads and adds are its own.
    init(_ db: Database, captureID: Int64) throws {
        self.db = db
        self.captureID = captureID
        names = try NameInterner(db)
        touchDowns = MultiRowInsert(db)
        touchSamples = MultiRowInsert(db)
        transitions = MultiRowInsert(db)
        deliveries = MultiRowInsert(db)
        frames = MultiRowInsert(db)
        targets = MultiRowInsert(db)
        touchStarts = MultiRowInsert(db)
        outcomes = MultiRowInsert(db)
        heldStarts = MultiRowInsert(db)
        responses = MultiRowInsert(db)
        upsertedResponses = MultiRowInsert(db, upserting: true)
        recognitions = MultiRowInsert(db)
        upsertedRecognitions = MultiRowInsert(db, upserting: true)
        dispatches = MultiRowInsert(db)
        orphans = MultiRowInsert(db)
        sessionInsert = try BoundStatement(db, sql: """
            INSERT INTO session (capture_id, session, experiment, variant, device_model, device_os,
                                 screen_w, screen_h, screen_scale, started_at, line, app_name, app_version, app_build)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        configInsert = try BoundStatement(db, sql: "INSERT INTO session_config (session_id, key, value, value_type) VALUES (?, ?, ?, ?)")
    }

    /// Stores a batch: its sessions first, since its other rows may refer to them.
    ///
    /// - Parameter derived: also store the latencies the batch carries.
    func insert(_ batch: ImportBatch, derived: Bool) throws {
        for session in batch.sessions {
            try insert(session)
        }
        for drop in batch.drops {
            try db.cachedStatement(sql: "UPDATE session SET dropped = dropped + ? WHERE id = ?")
                .execute(arguments: [drop.count, sessionRowIDs[drop.session]])
        }
        try batch.withBindContext(sessionRowIDs: sessionRowIDs, names: names) { context in
            try touchDowns.insert(batch.touchDowns, in: context)
            try touchSamples.insert(batch.touchSamples, in: context)
            try transitions.insert(batch.transitions, in: context)
            try deliveries.insert(batch.deliveries, in: context)
            try frames.insert(batch.frames, in: context)
            try targets.insert(batch.targets, in: context)
            guard derived else { return }
            let started = ContinuousClock.now
            // New keys first: an upserted row may be the earlier of one of them.
            try responses.insert(batch.responses, in: context)
            try upsertedResponses.insert(batch.upsertedResponses, in: context)
            try recognitions.insert(batch.recognitions, in: context)
            try upsertedRecognitions.insert(batch.upsertedRecognitions, in: context)
            try dispatches.insert(batch.dispatches, in: context)
            try touchStarts.insert(batch.touchStarts, in: context)
            if !batch.heldStarts.isEmpty {
                if !holdsStarts { try HeldStartEvents.create(db) }
                holdsStarts = true
                try heldStarts.insert(batch.heldStarts, in: context)
            }
            try outcomes.insert(batch.outcomes, in: context)
            try orphans.insert(batch.orphans, in: context)
            derivedSeconds += (ContinuousClock.now - started).seconds
        }
        // The batch's new names go into `name` before anything reads them by
        // text (the replay and the events set aside do, after the last batch).
        try names.flush(db)
    }

    /// Settles the (touch, target) pairs whose events were set aside; call
    /// once every derived row is in.
    func settleHeldStarts() throws {
        guard holdsStarts else { return }
        holdsStarts = false
        try HeldStartEvents.settle(db)
    }

    /// Forgets the events set aside, for a derivation that starts over.
    func discardHeldStarts() throws {
        guard holdsStarts else { return }
        holdsStarts = false
        try HeldStartEvents.drop(db)
    }

    /// Sessions go through statements prepared once and bound through
    /// SQLite's C API: a capture of many small sessions spends much of its
    /// time here (GRDB's arguments cost more than SQLite's own work).
    private func insert(_ row: SessionRow) throws {
        let session = row.record
        sessionInsert.bind(captureID, at: 1)
        sessionInsert.bind(session.id, at: 2)
        sessionInsert.bind(session.experiment, at: 3)
        sessionInsert.bind(session.variant, at: 4)
        sessionInsert.bind(session.device?.model, at: 5)
        sessionInsert.bind(session.device?.os, at: 6)
        sessionInsert.bind(session.device?.screenWidth, at: 7)
        sessionInsert.bind(session.device?.screenHeight, at: 8)
        sessionInsert.bind(session.device?.scale, at: 9)
        sessionInsert.bind(session.startedAt, at: 10)
        sessionInsert.bind(row.line, at: 11)
        sessionInsert.bind(session.app?.name, at: 12)
        sessionInsert.bind(session.app?.version, at: 13)
        sessionInsert.bind(session.app?.build, at: 14)
        try sessionInsert.execute(db, arguments: "session \(session.id) on line \(row.line)")
        let rowID = db.lastInsertedRowID
        sessionRowIDs.append(rowID)
        for (key, value) in session.config {
            let type: StaticString = switch value {
            case .string: "string"
            case .number: "number"
            case .bool: "boolean"
            }
            configInsert.bind(rowID, at: 1)
            configInsert.bind(key, at: 2)
            configInsert.bind(value.text, at: 3)
            configInsert.bind(type, at: 4)
            try configInsert.execute(db, arguments: "session \(session.id), config \(key)")
        }
    }
}
