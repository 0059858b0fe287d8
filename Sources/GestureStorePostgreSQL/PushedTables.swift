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
    /// allow, with their columns after `session_id` (which push maps to the
    /// server's session id).
    package static let perSession: [(table: String, columns: [String])] = [
        ("session_config", ["key", "value", "value_type"]),
        ("touch", ["touch", "down_ns", "x", "y", "kind", "line", "region", "hit"]),
        ("touch_sample", ["touch", "t_ns", "phase", "x", "y", "radius", "force", "kind", "line"]),
        ("transition", ["recognizer", "to_state", "t_ns", "from_state", "class", "touch", "line"]),
        ("delivery", ["t_ns", "target", "event", "via", "touch", "line"]),
        ("frame", ["t_ns", "line"]),
        ("response", ["touch", "target", "event", "via", "t_ns", "down_ns", "latency_ns", "line", "region"]),
        ("recognition", ["touch", "recognizer", "class", "state", "t_ns", "down_ns", "latency_ns", "line", "region"]),
        ("dispatch", ["t_ns", "line", "target", "event", "via", "touch", "transition_ns", "latency_ns", "region"]),
        ("session_orphans", ["orphan_deliveries", "orphan_transitions"]),
        ("target", ["target", "t_ns", "x", "y", "w", "h", "hit_x", "hit_y", "hit_w", "hit_h", "class", "line"]),
        ("outcome", ["touch", "target", "distance_pt", "inside_frame", "inside_hit_area", "reached", "target_line"]),
        ("touch_start", ["touch", "target", "start_event", "start_ns", "start_line", "cancel_event", "cancel_ns",
                         "cancel_line"]),
    ]
}
#endif
