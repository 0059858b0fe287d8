/// A state per session, kept at full size only while the session is live:
/// a retired session keeps a small record instead (`Retired`), and the place
/// its state held is given to the next session that starts.
///
/// The deriver and the outcome tracker each keep a state per session and
/// retire sessions beyond their limits. Kept in one array by session, the
/// retired states would grow with every session of the capture, for states
/// no longer read: a capture of many short sessions would pay the most.
///
///     var slots = SessionSlots<[Int], Int>(fresh: [])
///     slots.append([1, 2])            // session 0
///     slots[0].append(3)
///     slots.retire(0, keeping: 3)     // its array freed, 3 kept
///     slots.isRetired(0)              // true
///     slots[retired: 0]               // 3
struct SessionSlots<Live, Retired> {
    /// By session: where its state is in `live`, or, once retired,
    /// -1 - where its record is in `retired`.
    private var places: [Int32] = []
    private var live: [Live] = []
    private var freePlaces: [Int32] = []
    private var retired: [Retired] = []
    /// What a freed place holds until it is given again: no storage.
    private let fresh: Live

    init(fresh: Live) {
        self.fresh = fresh
    }

    var count: Int { places.count }

    /// Adds the next session, live, with `state`.
    mutating func append(_ state: Live) {
        if let place = freePlaces.popLast() {
            live[Int(place)] = state
            places.append(place)
        } else {
            places.append(Int32(live.count))
            live.append(state)
        }
    }

    func isRetired(_ session: Int) -> Bool {
        places[session] < 0
    }

    /// A live session's state (a retired session's traps: read
    /// ``subscript(retired:)`` instead).
    subscript(session: Int) -> Live {
        get { live[Int(places[session])] }
        _modify { yield &live[Int(places[session])] }
    }

    /// A retired session's record.
    subscript(retired session: Int) -> Retired {
        get { retired[Int(-1 - places[session])] }
        _modify { yield &retired[Int(-1 - places[session])] }
    }

    /// Frees a live session's state and keeps `record` for it.
    mutating func retire(_ session: Int, keeping record: Retired) {
        let place = places[session]
        precondition(place >= 0, "session \(session) is already retired")
        live[Int(place)] = fresh
        freePlaces.append(place)
        retired.append(record)
        places[session] = -Int32(retired.count)
    }
}
