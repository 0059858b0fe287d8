#if PostgreSQL
/// What `push` copies, table by table, and in which columns: the one place
/// to change when the store gains a table or a column (on both engines).
///
/// Every name here is a constant: postgres-nio writes table and column names
/// into its `COPY` statement unescaped. The push benchmark copies the same
/// columns with `psql \copy`, so both load the same data.
package enum PushedTables {
    /// The capture's own row; `id` is given by the server.
    package static let capture = [
        "file_name", "path", "sha256", "size_bytes", "imported_at", "tool_version", "recorder", "format_version",
        "session_count", "touch_count", "transition_count", "delivery_count", "frame_count", "unknown_count",
        "rejected_count", "target_count",
    ]

    /// A session's row; `id` and `capture_id` are given by the server.
    package static let session = [
        "session", "experiment", "variant", "device_model", "device_os", "screen_w", "screen_h", "screen_scale",
        "started_at", "line", "dropped", "app_name", "app_version", "app_build",
    ]

    /// Tables whose rows belong to a session, in the order the foreign keys
    /// allow.
    package static let perSession: [SessionTable] = [
        SessionTable("session_config", from: "session_config", ["key", "value", "value_type"]),
        SessionTable("stored_touch", from: "touches", ["touch", "down_ns", "x", "y", "kind", "line", "region", "hit"]),
        SessionTable("touch_sample", from: "touch_sample",
                     ["touch", "t_ns", "phase", "x", "y", "radius", "force", "kind", "line"]),
        SessionTable("transition", from: "transition",
                     ["recognizer", "to_state", "t_ns", "from_state", "class", "touch", "line"]),
        SessionTable("delivery", from: "delivery", ["t_ns", "target", "event", "via", "touch", "line"]),
        SessionTable("frame", from: "frame", ["t_ns", "line"]),
        SessionTable("stored_response", from: "responses",
                     ["touch", "target", "event", "via", "t_ns", "down_ns", "latency_ns", "line", "region"]),
        SessionTable("stored_recognition", from: "recognitions",
                     ["touch", "recognizer", "class", "state", "t_ns", "down_ns", "latency_ns", "line", "region"],
                     renamed: ["state": "event"]),
        SessionTable("stored_dispatch", from: "dispatches",
                     ["t_ns", "line", "target", "event", "via", "touch", "transition_ns", "latency_ns", "region"]),
        SessionTable("session_orphans", from: "session_orphans", ["orphan_deliveries", "orphan_transitions"]),
        SessionTable("stored_target", from: "targets",
                     ["target", "t_ns", "x", "y", "w", "h", "hit_x", "hit_y", "hit_w", "hit_h", "class", "line"]),
        SessionTable("stored_outcome", from: "outcomes",
                     ["touch", "target", "distance_pt", "inside_frame", "inside_hit_area", "reached", "target_line"]),
        SessionTable("stored_touch_start", from: "starts",
                     ["touch", "target", "start_event", "start_ns", "start_line", "cancel_event", "cancel_ns",
                      "cancel_line"]),
    ]

    /// A server table whose rows belong to a session, and the relation of
    /// the local store push reads them from: the one users query there,
    /// whose names are text (the local `stored_` tables keep ids).
    package struct SessionTable: Sendable {
        /// The server's table.
        package let table: String
        /// The local relation its rows come from.
        package let relation: String
        /// The columns after `session_id` (which push maps to the server's
        /// session id), as the server names them.
        package let columns: [String]
        /// The same columns as the local relation names them.
        package let localColumns: [String]

        init(_ table: String, from relation: String, _ columns: [String], renamed: [String: String] = [:]) {
            self.table = table
            self.relation = relation
            self.columns = columns
            self.localColumns = columns.map { renamed[$0] ?? $0 }
        }

        /// `SELECT session_id, …` of the local relation, limited to the
        /// sessions of the capture bound to its one parameter.
        package var localSelect: String {
            "SELECT session_id, \(localColumns.joined(separator: ", ")) FROM \(relation) "
                + "WHERE session_id IN (SELECT id FROM session WHERE capture_id = ?)"
        }
    }
}
#endif
