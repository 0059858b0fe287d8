/// How `export` reads a relation from the server: session by session, each
/// session's rows sent as one message of one array a column; consecutive
/// sessions in one statement; a session too large for one message read a
/// row a message, by a statement of its own.
///
/// A row a message costs the client more than the server's reading of it
/// (postgres-nio decodes and hands over each message), and a statement a
/// session costs a round trip each. How large a session is comes from the
/// records it holds (`session_totals`), which bounds what any relation
/// derives from them, so no message grows with the store.
///
///     ExportPacks.plan([(1, 900), (2, 900), (3, 90_000), (4, 10)], recordsPerMessage: 2_000)
///     // [.sessions(1...2), .rows(3), .sessions(4...4)]
enum ExportPacks {
    enum Pack: Equatable {
        /// The sessions whose ids lie in the range, each one's rows one message.
        case sessions(ClosedRange<Int64>)
        /// One session, a row a message.
        case rows(Int64)
    }

    /// The relations read a session at a time, each with the table whose
    /// size decides it: the tables of records, the views that read one
    /// stored table beside its session, and `response_pairs`, whose pairs
    /// are one seek each within a session. `starts` and `false_starts` rank
    /// a touch's starts over all of them, which a session at a time would
    /// work out twice (its rows, then its first row's session columns).
    static let relations: [String: String] = [
        "touch_sample": "touch_sample", "transition": "transition", "delivery": "delivery", "frame": "frame",
        "session_config": "session_config", "session_orphans": "session_orphans", "touches": "stored_touch",
        "responses": "stored_response", "recognitions": "stored_recognition", "dispatches": "stored_dispatch",
        "targets": "stored_target", "outcomes": "stored_outcome", "response_pairs": "stored_response",
    ]

    /// The rows (the server's estimate, `pg_class.reltuples`) from which a
    /// relation is read a session at a time: a smaller one is read whole,
    /// where a statement a session would cost more than its rows.
    static let rowsWorthSessions: Double = 16_384

    /// The relations without a key (``ExportOrder``) whose rows the server
    /// holds in SQLite's order, the order push copied them in: each reads
    /// one stored table, so a session's rows are read in the order they lie
    /// in rather than an index's. A pair of `response_pairs` is made on the
    /// server, in no order SQLite's could match.
    static let inStoredOrder: Set<String> = [
        "transition", "frame", "session_config", "session_orphans", "responses", "recognitions", "dispatches",
        "targets",
    ]

    /// The records a session sent as one message may hold: a message of a
    /// few megabytes at the records' usual sizes, and tens at most with
    /// every name at its 512-byte bound, whatever the store's size. The
    /// sessions of an app's recordings lie well under it.
    static let recordsPerMessage: Int64 = 32_768

    /// The packs for `sessions`, which are in id order; a session whose
    /// record count is unknown (nil) is read by rows.
    static func plan(_ sessions: [(id: Int64, records: Int64?)], recordsPerMessage: Int64 = recordsPerMessage) -> [Pack] {
        var packs: [Pack] = []
        var run: ClosedRange<Int64>?
        for session in sessions {
            if let records = session.records, records <= recordsPerMessage {
                run = (run?.lowerBound ?? session.id)...session.id
                continue
            }
            if let open = run { packs.append(.sessions(open)) }
            run = nil
            packs.append(.rows(session.id))
        }
        if let open = run { packs.append(.sessions(open)) }
        return packs
    }
}
