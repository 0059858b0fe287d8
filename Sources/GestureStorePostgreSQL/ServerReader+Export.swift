#if PostgreSQL
import GestureStore
import GRDB
import PostgresNIO

extension ServerReader {
    /// Every row of a relation, as `export` writes it: the rows and order of
    /// ``exportSQL(relation:)``, sent session by session (``ExportPacks``).
    ///
    /// A relation of ``ExportPacks/relations`` is read a session a message,
    /// one array a column (``ColumnArrays``) with a session's own columns
    /// (``StoreRelations/sessionColumns``) sent once. A relation with a key
    /// (``ExportOrder``, whose first column is `session_id`) is sorted by it
    /// within each session: the order of the sorted statement. Those of
    /// ``ExportPacks/inStoredOrder`` are read in the order their rows lie
    /// in, session by session: the order they were pushed in. Other
    /// relations are read as the statement itself. All of it reads the
    /// reader's one snapshot.
    ///
    ///     try reader.forEachExportRow(relation: "touch_sample", columns: { print($0) }, cells: sink)
    package func forEachExportRow(relation: String, columns: ([String]) throws -> Void,
                                  cells: some CellSink) throws {
        let sql = exportSQL(relation: relation)
        let names = try columnNames(ofProjectSQL: sql, arguments: [])
        guard ExportPacks.relations.contains(relation), names.contains("session_id") else {
            return try forEachRow(projectSQL: sql, arguments: [], columns: columns, cells: cells)
        }
        let layout = names.map { ColumnArrays.Column(name: $0, isArray: !StoreRelations.sessionColumns.contains($0)) }
        guard layout.contains(where: \.isArray) else {
            return try forEachRow(projectSQL: sql, arguments: [], columns: columns, cells: cells)
        }
        try columns(names)
        // A session's rows are found through an index, never by scanning
        // the table: the planner reckons a session's first row (LIMIT 1)
        // is soon found by a scan, but a session's rows lie together.
        try setLocally("enable_seqscan = off")
        if ExportPacks.inStoredOrder.contains(relation) {
            // Each session's rows in the order they lie in, as the whole
            // relation reads: the order they were pushed in, SQLite's. An
            // index scan would give the key's order, which differs from
            // SQLite's where SQLite's key holds name ids.
            try setLocally("enable_indexscan = off")
        }
        defer { try? setLocally("enable_seqscan = on", "enable_indexscan = on") }
        for pack in ExportPacks.plan(try sessionRecordCounts(), recordsPerMessage: exportRecordsPerMessage) {
            switch pack {
            case .sessions(let ids):
                try forEachColumnArraysRow(sql: Self.sessionsSQL(relation, columns: layout, ids: ids),
                                           columns: layout, cells: cells)
            case .rows(let id):
                try forEachRow(projectSQL: Self.oneSession(relation, String(id)), arguments: [],
                               columns: { _ in }, cells: cells)
            }
        }
    }

    /// One row a session whose id is in `ids`, in id order: an array of
    /// each column's values over the session's rows, in export order, or
    /// the one value of a session column, taken from its first row. A
    /// session without rows has no row.
    private static func sessionsSQL(_ relation: String, columns: [ColumnArrays.Column],
                                    ids: ClosedRange<Int64>) -> String {
        let list = columns.map { column in
            let name = column.name.quotedDatabaseIdentifier
            return column.isArray ? "gesturelab_arrays.\(name)" : "gesturelab_first.\(name)"
        }
        let arrays = columns.filter(\.isArray).map {
            "array_agg(gesturelab_row.\($0.name.quotedDatabaseIdentifier)) AS \($0.name.quotedDatabaseIdentifier)"
        }
        let firsts = columns.filter { !$0.isArray }.map { "gesturelab_row.\($0.name.quotedDatabaseIdentifier)" }
        return """
            SELECT \(list.joined(separator: ", "))
            FROM session AS gesturelab_session, LATERAL (
            SELECT \(firsts.joined(separator: ", ")) FROM (
            \(oneSession(relation, "gesturelab_session.id"))
            LIMIT 1) AS gesturelab_row) AS gesturelab_first, LATERAL (
            SELECT \(arrays.joined(separator: ", ")) FROM (
            \(oneSession(relation, "gesturelab_session.id"))
            ) AS gesturelab_row) AS gesturelab_arrays
            WHERE gesturelab_session.id BETWEEN \(ids.lowerBound) AND \(ids.upperBound)
            ORDER BY gesturelab_session.id
            """
    }

    /// Whether `export` of `relation` from the server writes SQLite's
    /// order: sorted by its key, or read in the order push copied it in.
    package static func keepsSQLiteOrder(exporting relation: String) -> Bool {
        ExportOrder.keys[relation] != nil || ExportPacks.inStoredOrder.contains(relation)
    }

    /// `SET LOCAL` each setting, for the rest of the reader's transaction;
    /// a failure worded as a statement's is.
    private func setLocally(_ settings: String...) throws {
        do {
            for setting in settings { try connection.execute("SET LOCAL " + setting) }
        } catch {
            throw ServerFailure.describe(error, address: connection.address, doing: "query")
        }
    }

    /// The rows of one session of `relation`, in its export order.
    private static func oneSession(_ relation: String, _ session: String) -> String {
        let order = ExportOrder.keys[relation].map { " ORDER BY " + $0 } ?? ""
        return "SELECT * FROM \(relation.quotedDatabaseIdentifier) WHERE session_id = \(session)\(order)"
    }

    /// Each session's id, in order, and the records it holds (nil when the
    /// server has no count for it).
    private func sessionRecordCounts() throws -> [(id: Int64, records: Int64?)] {
        var sessions: [(id: Int64, records: Int64?)] = []
        try forEachRow(sql: """
            SELECT session.id, session_totals.touches + session_totals.transitions
                + session_totals.deliveries + session_totals.frames
            FROM session LEFT JOIN session_totals ON session_totals.session_id = session.id
            ORDER BY session.id
            """, arguments: [], columns: { _ in }, row: { row in
                guard case .int64(let id) = row[0].storage else { return }
                if case .int64(let records) = row[1].storage {
                    sessions.append((id, records))
                } else {
                    sessions.append((id, nil))
                }
            })
        return sessions
    }
}
#endif
