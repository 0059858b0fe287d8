import GestureTrace

/// A run of a capture's records as rows ready to bind, with the latencies
/// they settle, prepared on the reading thread.
///
/// The inserting thread (SQLite's, the import's critical path) then only
/// binds and steps: sessions are referred to by their ordinal in the
/// capture, touch phases and recognizer states are enums, strings are
/// ranges of the batch's `text`, which SQLite reads in place (no copy, no
/// allocation per value), and the derived latencies are already worked out
/// (`StreamingDeriver`).
struct ImportBatch {
    /// The bytes of every string the batch's rows bind.
    var text: [UInt8] = []
    var sessions: [SessionRow] = []
    /// Every touch record, `began` included (the `touch_sample` table).
    var touchSamples: [TouchSampleRow] = []
    /// The `began` records again (the `touch` table).
    var touchDowns: [TouchDownRow] = []
    var transitions: [TransitionRow] = []
    var deliveries: [DeliveryRow] = []
    var frames: [FrameRow] = []
    /// `target` records: frames from their `t` on.
    var targets: [TargetRow] = []
    /// `dropped` records: events the recorder discarded, added to their
    /// session's total.
    var drops: [(session: Int, count: Int64)] = []
    /// Derived rows whose keys have surely not been stored yet.
    var responses: [ResponseRow] = []
    var recognitions: [RecognitionRow] = []
    /// Derived rows whose keys may have been: they go in after the others,
    /// as upserts that keep the earliest.
    var upsertedResponses: [ResponseRow] = []
    var upsertedRecognitions: [RecognitionRow] = []
    var dispatches: [DispatchRow] = []
    /// (touch, target) pairs with a start, settled by the reading pass.
    var touchStarts: [TouchStartRow] = []
    /// Events of (touch, target) pairs set aside, settled after the import.
    var heldStarts: [HeldStartRow] = []
    /// Touch-downs' nearest targets, settled by the reading pass.
    var outcomes: [OutcomeRow] = []
    /// Filled in the last batch only: one row per session of the capture.
    var orphans: [OrphanRow] = []
    var rejections: [TraceReader.TraceRejection] = []
    /// Records and rejected lines in this batch, for progress.
    var itemCount = 0
    /// Bytes of the capture read when the batch was closed.
    var bytesRead: Int64 = 0
    /// False once the reading pass has given up deriving (see `StreamingDeriver`).
    var isDerivationExact = true

    /// Derived rows of every kind the batch holds.
    var derivedRowCount: Int {
        responses.count + recognitions.count + upsertedResponses.count + upsertedRecognitions.count
            + dispatches.count + touchStarts.count + heldStarts.count + outcomes.count + orphans.count
    }

    mutating func reserveCapacity(items: Int) {
        frames.reserveCapacity(items)
        touchSamples.reserveCapacity(items / 2)
        text.reserveCapacity(items * 8)
    }

    /// Copies a string into `text`.
    mutating func text(_ string: String) -> TextRange {
        var string = string
        return string.withUTF8 { bytes in
            let range = TextRange(offset: text.count, count: bytes.count)
            text.append(contentsOf: bytes)
            return range
        }
    }

    mutating func text(_ string: String?) -> TextRange? {
        string.map { text($0) }
    }

    /// A delivery as a row of this batch, its strings copied into `text`.
    mutating func row(for record: DeliveryRecord, session: Int, line: Int) -> DeliveryRow {
        DeliveryRow(session: session, timeNanos: record.timeNanos, target: text(record.target),
                    event: text(record.event), via: text(record.via), touch: record.touch, line: line)
    }

    /// A transition as a row of this batch, its strings copied into `text`.
    mutating func row(for record: TransitionRecord, session: Int, line: Int) -> TransitionRow {
        TransitionRow(session: session, recognizer: text(record.recognizer), to: record.to,
                      timeNanos: record.timeNanos, from: record.from, recognizerClass: text(record.recognizerClass),
                      touch: record.touch, line: line)
    }
}

/// A string of a batch's rows: where its UTF-8 bytes are in `ImportBatch.text`.
struct TextRange {
    var offset: Int
    var count: Int
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
    var region: ScreenRegion?
    /// The target the hit-test chose, as recorded.
    var hit: TextRange?
}

struct TargetRow {
    var session: Int
    var target: TextRange
    var timeNanos: Int64
    var frame: TargetRect
    var hitArea: TargetRect?
    var targetClass: TextRange?
    var line: Int
}

/// A (touch, target) with a start, and the cancel that made it a false start.
struct TouchStartRow {
    var session: Int
    var touch: Int64
    var target: TextRange
    var startEvent: TextRange
    var startNanos: Int64
    var startLine: Int
    var cancelEvent: TextRange?
    var cancelNanos: Int64?
    var cancelLine: Int?
}

/// An event of a (touch, target) set aside (`FalseStartTracker`).
struct HeldStartRow {
    var session: Int
    var touch: Int64
    var target: TextRange
    var role: FalseStarts.Role
    var event: TextRange
    var timeNanos: Int64
    var line: Int
}

/// A touch-down's nearest target (the `outcome` table).
struct OutcomeRow {
    var session: Int
    var touch: Int64
    var target: TextRange
    var distance: Double
    var insideFrame: Bool
    var insideHitArea: Bool
    var reached: Bool
    var targetLine: Int
}

struct TransitionRow {
    var session: Int
    var recognizer: TextRange
    var to: RecognizerState
    var timeNanos: Int64
    var from: RecognizerState?
    var recognizerClass: TextRange?
    var touch: Int64?
    var line: Int
}

struct DeliveryRow {
    var session: Int
    var timeNanos: Int64
    var target: TextRange
    var event: TextRange
    var via: TextRange
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
    var target: TextRange
    var event: TextRange
    var via: TextRange
    var timeNanos: Int64
    var downNanos: Int64
    var line: Int
    var region: ScreenRegion?
}

/// A candidate for the earliest `began`/`recognized` of (touch, recognizer).
struct RecognitionRow {
    var session: Int
    var touch: Int64
    var recognizer: TextRange
    var recognizerClass: TextRange?
    var state: RecognizerState
    var timeNanos: Int64
    var downNanos: Int64
    var line: Int
    var region: ScreenRegion?
}

/// A delivery against the latest transition of its target to its event.
struct DispatchRow {
    var session: Int
    var timeNanos: Int64
    var line: Int
    var target: TextRange
    var event: TextRange
    var via: TextRange
    var touch: Int64?
    var transitionNanos: Int64
    var region: ScreenRegion?
}

struct OrphanRow {
    var session: Int
    var deliveries: Int
    var transitions: Int
}
