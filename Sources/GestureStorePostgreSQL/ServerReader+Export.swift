#if PostgreSQL
import GestureStore
import GRDB
import PostgresNIO

extension ServerReader {
    /// Every row of a relation, as `export` writes it: the rows and order of
    /// ``exportSQL(relation:)``, sent session by session (``ExportPacks``).
    ///
    /// A relation of ``ExportPacks/relations`` of more rows than
    /// ``exportRowsWorthSessions`` is read a session a message,
    /// one array a column (``ColumnArrays``) with a session's own columns
    /// (``StoreRelations/sessionColumns``) sent once. A relation with a key
    /// (``ExportOrder``, whose first column is `session_id`) is sorted by it
    /// within each session: the order of the sorted statement. Those of
    /// ``ExportPacks/inStoredOrder`` are read in the order their rows lie
    /// in, session by session: the order they were pushed in. Other
    /// relations, and smaller ones, are read as the statement itself (one
    /// in stored order joined to its session by seeks, so in the order its
    /// rows lie in). All of it reads the reader's one snapshot.
    ///
    ///     try reader.forEachExportRow(relation: "touch_sample", columns: { print($0) }, cells: sink)
    package func forEachExportRow(relation: String, columns: ([String]) throws -> Void,
                                  cells: some CellSink) throws {
        let sql = exportSQL(relation: relation)
        let names = try columnNames(ofProjectSQL: sql, arguments: [])
        let layout = names.map { ColumnArrays.Column(name: $0, isArray: !StoreRelations.sessionColumns.contains($0)) }
        guard let table = ExportPacks.relations[relation], names.contains("session_id"),
              layout.contains(where: \.isArray), try estimatedRows(of: table) >= exportRowsWorthSessions else {
            guard ExportPacks.inStoredOrder.contains(relation) else {
                return try forEachRow(projectSQL: sql, arguments: [], columns: columns, cells: cells)
            }
            // Joined to its session by seeks, so the rows come in the order
            // they lie in: a hash join may put them in its table's order.
            try setLocally(["enable_hashjoin": "off", "enable_mergejoin": "off"])
            defer { try? setLocally(["enable_hashjoin": "on", "enable_mergejoin": "on"]) }
            return try forEachRow(projectSQL: sql, arguments: [], columns: columns, cells: cells)
        }
        try columns(names)
        // A session's rows are found through an index, never by scanning
        // the table: the planner reckons a session's first row (LIMIT 1)
        // is soon found by a scan, but a session's rows lie together. Those
        // of a relation in stored order are read in the order they lie in,
        // the order push copied them in, SQLite's: an index scan would give
        // the key's order, which differs from SQLite's where SQLite's key
        // holds name ids.
        let inStoredOrder = ExportPacks.inStoredOrder.contains(relation)
        try setLocally(["enable_seqscan": "off", "enable_indexscan": inStoredOrder ? "off" : "on"])
        defer { try? setLocally(["enable_seqscan": "on", "enable_indexscan": "on"]) }
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

    /// Sets each planner setting for the rest of the reader's transaction
    /// (`SET LOCAL`), in one statement; a failure worded as a statement's is.
    private func setLocally(_ settings: KeyValuePairs<String, String>) throws {
        let calls = settings.map { "set_config('\($0.key)', '\($0.value)', true)" }
        do {
            try connection.execute("SELECT " + calls.joined(separator: ", "))
        } catch {
            throw ServerFailure.describe(error, address: connection.address, doing: "query")
        }
    }

    /// The server's estimate of the rows in `table` (`reltuples`, which
    /// push's `ANALYZE` sets); infinity when it has none, so that a table
    /// of unknown size is read a session at a time.
    private func estimatedRows(of table: String) throws -> Double {
        var rows = Double.infinity
        try forEachRow(sql: "SELECT reltuples::float8 FROM pg_class WHERE oid = to_regclass(?)",
                       arguments: [table.databaseValue], columns: { _ in }, row: { row in
            if case .double(let estimate) = row[0].storage, estimate >= 0 { rows = estimate }
        })
        return rows
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
