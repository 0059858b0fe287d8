/// Records of a capture out of time order, gathered into runs and sorted by
/// the store's keys before they go in.
///
/// The record tables are clustered on (session, time), so a capture in time
/// order appends to each B-tree at a few places. Once the reading pass has
/// given up on the capture's order (`StreamingDeriver.isExact`), its records
/// may come in any order at all, and a shuffled capture lands every row on
/// a random leaf: with SQLite's page cache far smaller than the tables,
/// nearly every row then reads a page back and writes one out, several
/// times the cost of the same records in time order. A run of
/// records sorted by key instead walks the leaves in order, each page read
/// and written once a run for the rows it gets: the more rows a run puts
/// on each leaf, the more it saves, so the gain shrinks as the tables grow
/// past what a run covers.
///
/// The rows' strings are ranges of their batch's text, so the batches of a
/// run are merged into one, their ranges moved by the text before them.
/// Only records go in a run: after the reading pass gives up, its derived
/// rows are not stored (the capture is derived again from the stored
/// records at the end).
struct SortedRecordRun {
    /// As many records as the pipeline's queue holds. A run is sorted and
    /// inserted in one go, and meanwhile the reader reads ahead only as far
    /// as the queue lets it: with runs longer than the queue, each thread
    /// waited on the other once a run. Shorter runs put fewer rows on each
    /// leaf, which costs more as the tables grow.
    static let defaultRecords = RecordPipeline.queuedRecords

    let recordsPerRun: Int
    private var batch = ImportBatch()
    private var records = 0

    init(recordsPerRun: Int = Self.defaultRecords) {
        self.recordsPerRun = recordsPerRun
    }

    var isEmpty: Bool { records == 0 && batch.sessions.isEmpty && batch.drops.isEmpty }
    var isFull: Bool { records >= recordsPerRun }

    /// Adds a batch's records, sessions and drops to the run.
    mutating func add(_ other: ImportBatch) {
        records += other.itemCount
        batch.appendRecords(of: other)
    }

    /// The run as one batch, each table's rows in the order of its key, and
    /// an empty run in its place.
    mutating func take() -> ImportBatch {
        var sorted = batch
        batch = ImportBatch()
        records = 0
        sorted.sortRecordsByKey()
        return sorted
    }
}

extension ImportBatch {
    /// Appends `other`'s sessions, drops and records (not its derived rows),
    /// its text after this batch's.
    mutating func appendRecords(of other: ImportBatch) {
        let shift = text.count
        func moved(_ range: TextRange) -> TextRange { TextRange(offset: range.offset + shift, count: range.count) }
        func moved(_ range: TextRange?) -> TextRange? { range.map(moved) }
        text.append(contentsOf: other.text)
        sessions.append(contentsOf: other.sessions)
        drops.append(contentsOf: other.drops)
        touchSamples.append(contentsOf: other.touchSamples)
        touchDowns.append(contentsOf: other.touchDowns.lazy.map { row in
            var row = row
            row.hit = moved(row.hit)
            return row
        })
        transitions.append(contentsOf: other.transitions.lazy.map { row in
            var row = row
            (row.recognizer, row.recognizerClass) = (moved(row.recognizer), moved(row.recognizerClass))
            return row
        })
        deliveries.append(contentsOf: other.deliveries.lazy.map { row in
            var row = row
            (row.target, row.event, row.via) = (moved(row.target), moved(row.event), moved(row.via))
            return row
        })
        frames.append(contentsOf: other.frames)
        targets.append(contentsOf: other.targets.lazy.map { row in
            var row = row
            (row.target, row.targetClass) = (moved(row.target), moved(row.targetClass))
            return row
        })
        itemCount += other.itemCount
        bytesRead = other.bytesRead
        isDerivationExact = isDerivationExact && other.isDerivationExact
    }

    /// Sorts each record table's rows by its key in the store, or by the
    /// part of it known before names have keys: session ordinals ascend
    /// with the sessions' row ids, and a table keyed by a name then time
    /// (transitions by recognizer, targets by target) is sorted by session
    /// and time, which puts each session's rows together.
    mutating func sortRecordsByKey() {
        touchSamples.sort { ($0.session, $0.touch, $0.timeNanos, $0.line) < ($1.session, $1.touch, $1.timeNanos, $1.line) }
        touchDowns.sort { ($0.sample.session, $0.sample.touch) < ($1.sample.session, $1.sample.touch) }
        transitions.sort { ($0.session, $0.timeNanos, $0.line) < ($1.session, $1.timeNanos, $1.line) }
        deliveries.sort { ($0.session, $0.timeNanos, $0.line) < ($1.session, $1.timeNanos, $1.line) }
        frames.sort { ($0.session, $0.timeNanos, $0.line) < ($1.session, $1.timeNanos, $1.line) }
        targets.sort { ($0.session, $0.timeNanos, $0.line) < ($1.session, $1.timeNanos, $1.line) }
    }
}
