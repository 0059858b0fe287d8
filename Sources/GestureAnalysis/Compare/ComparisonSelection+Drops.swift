import GRDB
import GestureStore

extension ComparisonSelection {
    /// How many of a group's sessions had events dropped by their recorder,
    /// and how many events in all.
    ///
    /// A recorder drops events when the app produces them faster than it
    /// writes, which happens exactly in the busy moments whose latencies
    /// matter most: a group drawing on such sessions may be biased, and
    /// `compare` says so.
    package struct DroppedEvents: Sendable, Equatable {
        package var label: String
        /// Sessions of the group with at least one dropped event.
        package var sessions: Int
        package var events: Int
        /// What the drops may bias: `latencies`, `touch outcomes`, `starts`.
        package var measured: String = "latencies"

        /// `group bottom+right drew on 2 sessions whose recorder dropped 37 events: …`, or nil without drops.
        package var note: String? {
            guard sessions > 0 else { return nil }
            return "group \(label) drew on \(sessions) session\(sessions == 1 ? "" : "s") whose recorder dropped "
                + "\(events) event\(events == 1 ? "" : "s"): its \(measured) may be biased"
        }
    }

    /// The dropped events of the sessions behind the group where the key is `value`.
    ///
    /// ```sql
    /// SELECT count(*), coalesce(sum(dropped), 0) FROM session
    /// WHERE dropped > 0 AND id IN (SELECT session_id FROM responses WHERE …)
    /// ```
    package func droppedEvents(_ db: some StoreReader, value: String) throws -> DroppedEvents {
        let (conditions, arguments) = try groupFilters(value: value)
        var counts = (sessions: 0, events: 0)
        try db.forEachRow(projectSQL: """
            SELECT count(*) AS sessions, coalesce(sum(dropped), 0) AS events FROM session
            WHERE dropped > 0
              AND id IN (SELECT session_id FROM \(relation) WHERE \(conditions.joined(separator: " AND ")))
            """, arguments: StoreArguments(arguments), columns: { _ in }, row: { values in
                counts = (Int.fromDatabaseValue(values[0]) ?? 0, Int.fromDatabaseValue(values[1]) ?? 0)
            })
        return DroppedEvents(label: value, sessions: counts.sessions, events: counts.events,
                             measured: outcome == nil ? "latencies" : rowNoun)
    }
}
