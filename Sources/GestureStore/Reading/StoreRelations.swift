/// The relations a user's SQL reads, on every engine, and the tables that
/// only keep them.
///
/// Each relation has one name. The derived ones (`responses`, `outcomes`,
/// …) are views over `stored_` tables that keep names as ids (SQLite) or
/// hold the rows the server was pushed; those tables, `name` and the
/// server's `session_totals` are how the store keeps its relations, change
/// with any migration, and are offered nowhere: not by `query --list`, not
/// to `export`, not to `--where`'s scoping.
///
///     StoreRelations.isInternal("stored_response")   // true
///     StoreRelations.offered.map(\.name).contains("responses")   // true
package enum StoreRelations {
    /// Every relation a store offers, with what a row of it is, in the
    /// order `query --list` prints them. A new store's relations are these,
    /// on both engines (a test holds them to it).
    package static let offered: [(name: String, row: String)] = [
        ("capture", "an imported capture file: its name, digest and record counts"),
        ("session", "a session: experiment, variant, device, screen and app"),
        ("session_config", "a session's configuration key and value"),
        ("session_orphans", "a session's deliveries and transitions that belong to no touch"),
        ("touches", "a touch: down_ns, x, y, region, kind and hit (the hit-test's target)"),
        ("touch_sample", "a touch record as captured: one phase of one touch"),
        ("transition", "a recognizer's state change as captured"),
        ("delivery", "the app's code hearing of an event, as captured"),
        ("frame", "a frame presented on screen, as captured"),
        ("responses", "a response latency: touch-down to one (target, event, via)"),
        ("recognitions", "a recognition latency: touch-down to a recognizer's began"),
        ("dispatches", "a dispatch latency: a state change to one channel's delivery"),
        ("response_pairs", "a state change heard on two channels, with lag_ms"),
        ("targets", "a declared target: its frame and hit area"),
        ("outcomes", "a touch-down's nearest target: distance_pt, reached"),
        ("starts", "a started (touch, target), with false_start 0/1"),
        ("false_starts", "a start cancelled before any end"),
    ]

    /// The names migration 0013 (the server's 0010) retired, each with the
    /// relation that holds its rows: SQL written before then reads these.
    package static let retiredNames: [(name: String, relation: String)] = [
        ("touch", "touches"), ("response", "responses"), ("recognition", "recognitions"),
        ("dispatch", "dispatches"), ("target", "targets"), ("outcome", "outcomes"), ("touch_start", "starts"),
    ]

    /// The columns a relation takes from its row's session and capture
    /// (the derived relations lead with the first four and end with the
    /// ids): one value in every row of a session.
    package static let sessionColumns: Set<String> = [
        "capture", "session", "experiment", "variant", "capture_id", "session_id",
    ]

    /// Whether `table` only keeps relations: a `stored_` table, `name`,
    /// the server's `session_totals` or the migration ledger.
    package static func isInternal(_ table: String) -> Bool {
        table.hasPrefix("stored_") || table == "name" || table == "session_totals"
            || table == SchemaMigrator.ledgerTable
    }
}
