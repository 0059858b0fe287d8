import GRDB
import GestureStore
import GestureTrace

/// Counts the events of the rows a comparison reads, so that latencies of
/// several events are refused rather than pooled.
///
/// A response latency means one event: `touchDown` is heard as the finger
/// lands, `touchUpInside` as it lifts, so pooling them mixes how fast the app
/// heard a touch with how long the finger stayed down. Rows come mostly in
/// runs of one event, so the last one is compared by its bytes before the
/// table is consulted.
struct EventTally {
    private var counts: [(name: String, count: Int)] = []
    private var last: Int?

    /// Counts one row's event (NULL counts as no event).
    mutating func count(_ value: DatabaseValue) {
        guard let name = String.fromDatabaseValue(value) else { return }
        if let last, counts[last].name.hasSameBytes(as: name) {
            counts[last].count += 1
            return
        }
        if let index = counts.firstIndex(where: { $0.name.hasSameBytes(as: name) }) {
            counts[index].count += 1
            last = index
        } else {
            counts.append((name, 1))
            last = counts.count - 1
        }
    }

    /// The events counted, by name in byte order, each with its count.
    var events: [(name: String, count: Int)] {
        counts.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// Refuses more than one event, listing them with their counts:
    /// `the selection holds 2 events; name one with --event: touchDown (960), touchUpInside (954)`.
    func requireOne(_ rowNoun: String) throws {
        guard counts.count > 1 else { return }
        let listed = events.map { "\(TerminalText.escaped($0.name)) (\($0.count))" }.joined(separator: ", ")
        throw QueryError("the selection holds \(counts.count) events, and a latency means one; name one with "
            + "--event: \(listed)")
    }
}
