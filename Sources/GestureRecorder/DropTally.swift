/// Events of one session dropped since the last `dropped` record, by type.
struct DropTally {
    var session: Int32
    var count: Int64 = 0
    /// Indexed like `RecorderEvent.typeNames`.
    var byType = [Int64](repeating: 0, count: RecorderEvent.typeNames.count)
    /// The latest dropped event's time: when the recorder noticed.
    var latestNanos: Int64 = .min

    init(session: Int32) {
        self.session = session
    }

    mutating func add(_ event: RecorderEvent) {
        count += 1
        byType[event.typeIndex] += 1
        latestNanos = max(latestNanos, event.timeNanos)
    }

    /// The record type → count pairs with a count, in a fixed order.
    var kinds: [(type: String, count: Int64)] {
        zip(RecorderEvent.typeNames, byType).filter { $0.1 > 0 }.map { ($0.0, $0.1) }
    }
}
