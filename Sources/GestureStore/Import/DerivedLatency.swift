import GestureTrace

// What the one-pass derivation settles, in its own terms: session ordinals,
// touch ids, the capture's lines and the strings of its keys. Nothing here
// refers to a batch or its text; `DerivedLatencySink` is where a caller
// turns these into rows (`ImportBatch+DerivedLatencySink.swift` for the
// import).

/// The key a response is the earliest delivery of: one per touch, target,
/// event and path of delivery.
struct ResponseKey: MixedHashable {
    var session: Int
    var touch: Int64
    var target: ExactText
    var event: ExactText
    var via: ExactText
}

/// The key a recognition is the earliest `began` or `recognized` of.
struct RecognitionKey: MixedHashable {
    var session: Int
    var touch: Int64
    var recognizer: ExactText
}

extension ResponseKey {
    /// A 64-bit hash from the fields and the texts' own hashes, for
    /// `StoredKeyFilter`: no pass over any byte, no `Hasher`.
    var filterHash: UInt64 {
        var mix = KeyMix()
        mix.add(UInt64(bitPattern: Int64(session)))
        mix.add(UInt64(bitPattern: touch))
        mix.add(target.bytesHash)
        mix.add(event.bytesHash)
        mix.add(via.bytesHash)
        return mix.value
    }

    var mixedHash: UInt64 { filterHash }
}

extension RecognitionKey {
    /// As `ResponseKey.filterHash`.
    var filterHash: UInt64 {
        var mix = KeyMix()
        mix.add(UInt64(bitPattern: Int64(session)))
        mix.add(UInt64(bitPattern: touch))
        mix.add(recognizer.bytesHash)
        return mix.value
    }

    var mixedHash: UInt64 { filterHash }
}

/// Folds words into one 64-bit hash, every output bit depending on every input bit.
struct KeyMix {
    private var hash: UInt64 = 0x243F_6A88_85A3_08D3

    @inline(__always)
    mutating func add(_ word: UInt64) {
        hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
    }

    var value: UInt64 {
        let mixed = hash &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ (mixed >> 32)
    }
}

/// A candidate for the earliest delivery of its key: the table keeps the
/// earliest time, then the lowest line.
struct DerivedResponse {
    var key: ResponseKey
    var timeNanos: Int64
    var downNanos: Int64
    /// The delivery's line: it breaks ties of time and names the record.
    var line: Int
    var region: ScreenRegion?
    /// False when no row of the key can have been stored yet, so a plain
    /// insert will do; true when it must be an upsert that keeps the earliest.
    var mayBeStored: Bool
}

/// A candidate for the earliest `began` or `recognized` of its key.
struct DerivedRecognition {
    var key: RecognitionKey
    var recognizerClass: String?
    var state: RecognizerState
    var timeNanos: Int64
    var downNanos: Int64
    /// The transition's line.
    var line: Int
    var region: ScreenRegion?
    /// As `DerivedResponse.mayBeStored`.
    var mayBeStored: Bool
}

/// A delivery measured against the latest transition of its target to its
/// event; `touch` and `region` are those of its touch, when it has one.
struct DerivedDispatch {
    var session: Int
    var target: String
    var event: String
    var via: String
    var timeNanos: Int64
    /// The delivery's line.
    var line: Int
    var touch: Int64?
    var transitionNanos: Int64
    var region: ScreenRegion?
}

/// A touch-down's nearest target (`OutcomeTracker`): the `outcome` row.
struct DerivedOutcome {
    var session: Int
    var touch: Int64
    var target: String
    /// Points from the down to the target's frame, 0 inside.
    var distance: Double
    var insideFrame: Bool
    var insideHitArea: Bool
    var reached: Bool
    /// The line of the `target` record whose frame was used.
    var targetLine: Int
}

/// Where `StreamingDeriver` puts what it settles, as it settles it.
///
/// A record is settled while the deriver handles it, or later when it named
/// a touch not seen yet (then its row may be in an earlier batch): a sink
/// that shares the strings of rows it already holds must check that the
/// row is the record's, by its line.
protocol DerivedLatencySink {
    mutating func add(_ response: DerivedResponse)
    mutating func add(_ recognition: DerivedRecognition)
    mutating func add(_ dispatch: DerivedDispatch)
    /// A session's records of no touch, once the capture has ended.
    mutating func addOrphans(session: Int, deliveries: Int, transitions: Int)
    /// A (touch, target) with a start, settled: no more of its events can come.
    mutating func add(_ start: DerivedTouchStart)
    /// An event of a (touch, target) set aside, to be settled after the import.
    mutating func add(_ held: HeldStartEvent)
    /// A touch-down's outcome, settled once its session's time moved past it.
    mutating func add(_ outcome: DerivedOutcome)
}

extension DerivedLatencySink {
    /// Sinks that look at latencies only may ignore starts.
    mutating func add(_ start: DerivedTouchStart) {}
    /// And the events set aside for them.
    mutating func add(_ held: HeldStartEvent) {}
    /// And outcomes.
    mutating func add(_ outcome: DerivedOutcome) {}
}
