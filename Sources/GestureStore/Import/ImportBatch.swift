import GestureTrace

/// A run of a capture's records as rows ready to bind, with the latencies
/// they settle, prepared on the reading thread.
///
/// The inserting thread (SQLite's, the import's critical path) then only
/// binds and steps: sessions are referred to by their ordinal in the
/// capture, touch phases and recognizer states are enums, and the derived
/// latencies are already worked out (`StreamingDeriver`).
struct ImportBatch {
    var sessions: [SessionRow] = []
    /// Every touch record, `began` included (the `touch_sample` table).
    var touchSamples: [TouchSampleRow] = []
    /// The `began` records again (the `touch` table).
    var touchDowns: [TouchDownRow] = []
    var transitions: [TransitionRow] = []
    var deliveries: [DeliveryRow] = []
    var frames: [FrameRow] = []
    var responses: [ResponseRow] = []
    var recognitions: [RecognitionRow] = []
    var dispatches: [DispatchRow] = []
    /// Filled in the last batch only: one row per session of the capture.
    var orphans: [OrphanRow] = []
    var rejections: [TraceReader.TraceRejection] = []
    /// Records and rejected lines in this batch, for progress.
    var itemCount = 0
    /// Bytes of the capture read when the batch was closed.
    var bytesRead: Int64 = 0
    /// False once the reading pass has given up deriving (see `StreamingDeriver`).
    var isDerivationExact = true

    mutating func reserveCapacity(items: Int) {
        frames.reserveCapacity(items)
        touchSamples.reserveCapacity(items / 2)
    }
}

/// A session record; its ordinal in the capture is its position among them.
struct SessionRow {
    var record: SessionRecord
    var line: Int
}

struct TouchSampleRow {
    /// The session's ordinal in the capture, not its row id in the store.
    var session: Int
    var touch: Int64
    var timeNanos: Int64
    var phase: TouchPhase
    var x: Double
    var y: Double
    var radius: Double?
    var force: Double?
    var kind: TouchKind?
    var line: Int
}

/// A `began` record as its touch: the same record, the `touch` table's columns.
struct TouchDownRow {
    var sample: TouchSampleRow
}

struct TransitionRow {
    var session: Int
    var recognizer: String
    var to: RecognizerState
    var timeNanos: Int64
    var from: RecognizerState?
    var recognizerClass: String?
    var touch: Int64?
    var line: Int
}

struct DeliveryRow {
    var session: Int
    var timeNanos: Int64
    var target: String
    var event: String
    var via: String
    var touch: Int64?
    var line: Int
}

struct FrameRow {
    var session: Int
    var timeNanos: Int64
    var line: Int
}

/// A candidate for the earliest delivery of (touch, target, event, via):
/// stored as an upsert that keeps the earliest (then lowest line).
struct ResponseRow {
    var session: Int
    var touch: Int64
    var target: String
    var event: String
    var via: String
    var timeNanos: Int64
    var downNanos: Int64
    var line: Int
}

/// A candidate for the earliest `began`/`recognized` of (touch, recognizer).
struct RecognitionRow {
    var session: Int
    var touch: Int64
    var recognizer: String
    var recognizerClass: String?
    var state: RecognizerState
    var timeNanos: Int64
    var downNanos: Int64
    var line: Int
}

/// A delivery against the latest transition of its target to its event.
struct DispatchRow {
    var session: Int
    var timeNanos: Int64
    var line: Int
    var target: String
    var event: String
    var via: String
    var touch: Int64?
    var transitionNanos: Int64
}

struct OrphanRow {
    var session: Int
    var deliveries: Int
    var transitions: Int
}
