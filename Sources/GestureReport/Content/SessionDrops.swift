import GRDB
import GestureStore

/// Events a recorder dropped while recording, per session: the report
/// warns about every session of a comparison that lost some.
///
///     let drops = try SessionDrops.counts(db)   // [session id: count], sessions with drops only
enum SessionDrops {
    struct Count: Sendable, Equatable {
        var capture: String
        var session: String
        var events: Int
    }

    static func counts(_ db: some StoreReader) throws -> [Int64: Count] {
        var counts: [Int64: Count] = [:]
        let rows = try db.fetchRows(projectSQL: """
            SELECT session.id, capture.file_name, session.session, session.dropped
            FROM session JOIN capture ON capture.id = session.capture_id
            WHERE session.dropped > 0
            """)
        for row in rows {
            counts[row[0]] = Count(capture: row[1], session: row[2], events: row[3])
        }
        return counts
    }
}
