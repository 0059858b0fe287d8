import GestureTrace

/// Puts a session's records back in time order before the one-pass
/// derivation reads them, when they come at most `capacity` records late.
///
/// A recorder writes what it hears when it hears it: the touch samples of
/// an event, stamped with their hardware times, reach it after the
/// deliveries and transitions of the event before, which are stamped later.
/// Such a capture is out of time order by a few records, never by many.
/// The window holds each session's latest records sorted by (time, kind,
/// line) and hands out the earliest once more than `capacity` are held, so
/// the deriver (`StreamingDeriver`) sees them in time order and derives
/// exactly what it derives from the same records in time order. At equal times a touch-down goes
/// first (a record at its time belongs to it), then transitions (a
/// delivery at a transition's time is dispatched from it), then deliveries.
/// Target records go in with touch-downs, in file order: a target at a
/// down's time counts for it whichever comes first.
///
/// A record later than the window can repair is handed on as it comes: the
/// deriver still checks every order it cannot answer and gives up on those,
/// so the window never changes what is derived, only how often the
/// reading pass can derive it. Records of a capture in time order go in and
/// out at the end of the window without moving anything.
struct ReorderWindow {
    /// A record the deriver reads, with what decides its place.
    struct Entry {
        enum Record {
            case touchDown(touch: Int64, region: ScreenRegion?, x: Double, y: Double, hit: String?)
            case transition(TransitionRecord)
            case delivery(DeliveryRecord)
            /// Boxed: a target record is larger than the others and rare,
            /// and every entry is as large as the largest case.
            indirect case target(TargetRecord)

            /// The order of kinds at equal times.
            var rank: UInt8 {
                switch self {
                case .touchDown, .target: 0
                case .transition: 1
                case .delivery: 2
                }
            }
        }

        var nanos: Int64
        var line: Int
        /// `record.rank`, kept beside the time so that placing an entry
        /// reads only plain integers of the entries it passes.
        let rank: UInt8
        var record: Record

        init(nanos: Int64, line: Int, record: Record) {
            self.nanos = nanos
            self.line = line
            self.rank = record.rank
            self.record = record
        }

        /// Whether this entry goes after one at `nanos` of kind `rank`:
        /// later time, or the same time and a later kind. (Among equal
        /// times and kinds the file's order stands, which is the order of
        /// lines.)
        @inline(__always)
        func goesAfter(nanos otherNanos: Int64, rank otherRank: UInt8) -> Bool {
            nanos != otherNanos ? nanos > otherNanos : rank > otherRank
        }
    }

    /// Records held per session at most; more and the earliest is handed on.
    let capacity: Int
    /// By session ordinal; each sorted from `heads[session]` on.
    private var held: [[Entry]] = []
    private var heads: [Int] = []
    /// The sessions holding records now, so draining visits only them.
    private var holding: [Int] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    /// Whether no session holds a record.
    var isEmpty: Bool { holding.isEmpty }

    /// Adds a session's record; returns the earliest held record of the
    /// session when it no longer fits, for the deriver.
    @inline(__always)
    mutating func add(_ entry: Entry, session: Int) -> Entry? {
        guard capacity > 0 else { return entry }
        while held.count <= session {
            held.append([])
            heads.append(0)
        }
        if held[session].count == heads[session] { holding.append(session) }
        Self.insert(entry, into: &held[session], from: heads[session])
        guard held[session].count - heads[session] > capacity else { return nil }
        let earliest = held[session][heads[session]]
        heads[session] += 1
        compact(session)
        return earliest
    }

    /// Removes and returns every held record with its session, session
    /// by session, each session's in order.
    mutating func drain() -> [(session: Int, entry: Entry)] {
        var drained: [(session: Int, entry: Entry)] = []
        guard !holding.isEmpty else { return drained }
        for session in holding.sorted() where held[session].count > heads[session] {
            for index in heads[session]..<held[session].count {
                drained.append((session, held[session][index]))
            }
            // A drained session is usually over: free its memory.
            held[session] = []
            heads[session] = 0
        }
        holding.removeAll(keepingCapacity: true)
        return drained
    }

    /// Puts `entry` after the held entries that do not go after it.
    ///
    /// The place is found by reading the held entries' times and kinds in
    /// place, then the entry goes in with one move of those after it:
    /// swapping step by step copied each passed entry's strings (a retain
    /// and a release apiece), a tenth of the reading thread on captures
    /// written in backward runs.
    @inline(__always)
    static func insert(_ entry: Entry, into entries: inout [Entry], from head: Int) {
        let index = entries.withUnsafeBufferPointer { held in
            var index = held.count
            while index > head, held[index - 1].goesAfter(nanos: entry.nanos, rank: entry.rank) {
                index -= 1
            }
            return index
        }
        if index == entries.count {
            entries.append(entry)
        } else {
            entries.insert(entry, at: index)
        }
    }

    /// Drops handed-on entries once they are as many as the held ones.
    private mutating func compact(_ session: Int) {
        let head = heads[session]
        guard head >= 64, head * 2 >= held[session].count else { return }
        held[session].removeSubrange(0..<head)
        heads[session] = 0
    }
}
