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

    /// The relations read a session at a time: the tables of records and
    /// the views that read one stored table beside its session. The views
    /// that join or rank their own rows (`response_pairs`, `starts`,
    /// `false_starts`) would be worked out twice a session (its rows, then
    /// its session's columns from its first row), slower than once whole.
    static let relations: Set<String> = [
        "touch_sample", "transition", "delivery", "frame", "session_config", "session_orphans",
        "touches", "responses", "recognitions", "dispatches", "targets", "outcomes",
    ]

    /// The records a session sent as one message may hold: a message of
    /// megabytes, whatever the store's size.
    static let recordsPerMessage: Int64 = 65_536

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
