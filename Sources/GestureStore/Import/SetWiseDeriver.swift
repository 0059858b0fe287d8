import GRDB

/// Derives the latencies of docs/latencies.md for one capture, set-wise in SQL.
///
/// Runs inside the capture's import transaction, so the derived tables are
/// always in step with the records. Each record is associated with its touch
/// by one index seek on `touch(session_id, down_ns)`: a million records
/// derive in seconds, never by scanning all touches per record.
///
/// Captures in time order are derived in the reading pass instead
/// (`StreamingDeriver`); this is the answer for any order, and the
/// reference the one-pass rows are tested against.
enum SetWiseDeriver {
    static func derive(_ db: Database, captureID: Int64) throws {
        try run(clearing + steps, db, captureID: captureID)
    }

    private static func run(_ statements: [String], _ db: Database, captureID: Int64) throws {
        let arguments: StatementArguments = ["capture": captureID]
        for sql in statements {
            do {
                try db.execute(sql: sql, arguments: arguments)
            } catch let error as DatabaseError {
                throw StoreError("deriving latencies failed: \(error.message ?? "\(error)")\n  SQL: \(sql)\n  arguments: capture \(captureID)")
            }
        }
    }

    /// The touch a record belongs to: the one it names, if that touch exists;
    /// else the latest down at or before its t (equal downs: higher touch id).
    private static func owningTouch(_ record: String) -> String {
        """
        CASE WHEN \(record).touch IS NOT NULL THEN
            (SELECT touch.touch FROM touch
             WHERE touch.session_id = \(record).session_id AND touch.touch = \(record).touch)
        ELSE
            (SELECT touch.touch FROM touch
             WHERE touch.session_id = \(record).session_id AND touch.down_ns <= \(record).t_ns
             ORDER BY touch.down_ns DESC, touch.touch DESC LIMIT 1)
        END
        """
    }

    /// Whatever the reading pass stored before it gave up.
    private static let clearing: [String] = ["response", "recognition", "dispatch", "session_orphans"].map {
        "DELETE FROM \($0) WHERE session_id IN (SELECT id FROM session WHERE capture_id = :capture)"
    }

    private static let steps: [String] = [
        "DROP TABLE IF EXISTS temp.owned_delivery",
        "DROP TABLE IF EXISTS temp.owned_transition",
        """
        CREATE TEMP TABLE owned_delivery AS
        SELECT delivery.session_id, delivery.t_ns, delivery.line, delivery.target, delivery.event, delivery.via,
               \(owningTouch("delivery")) AS touch
        FROM delivery
        WHERE delivery.session_id IN (SELECT id FROM session WHERE capture_id = :capture)
        """,
        """
        CREATE TEMP TABLE owned_transition AS
        SELECT transition.session_id, transition.t_ns, transition.line, transition.recognizer,
               transition.to_state, transition.class, \(owningTouch("transition")) AS touch
        FROM transition
        WHERE transition.session_id IN (SELECT id FROM session WHERE capture_id = :capture)
        """,
        // The earliest of each group; at equal times the earlier line, as the
        // reading pass decides too.
        """
        INSERT INTO response (session_id, touch, target, event, via, t_ns, down_ns, latency_ns, line, region)
        SELECT earliest.session_id, earliest.touch, earliest.target, earliest.event, earliest.via,
               earliest.t_ns, touch.down_ns, earliest.t_ns - touch.down_ns, earliest.line, touch.region
        FROM (SELECT owned.*, row_number() OVER (
                  PARTITION BY owned.session_id, owned.touch, owned.target, owned.event, owned.via
                  ORDER BY owned.t_ns, owned.line) AS rank
              FROM owned_delivery AS owned WHERE owned.touch IS NOT NULL) AS earliest
        JOIN touch ON touch.session_id = earliest.session_id AND touch.touch = earliest.touch
        WHERE earliest.rank = 1
        """,
        """
        INSERT INTO recognition (session_id, touch, recognizer, class, state, t_ns, down_ns, latency_ns, line, region)
        SELECT earliest.session_id, earliest.touch, earliest.recognizer, earliest.class, earliest.to_state,
               earliest.t_ns, touch.down_ns, earliest.t_ns - touch.down_ns, earliest.line, touch.region
        FROM (SELECT owned.*, row_number() OVER (
                  PARTITION BY owned.session_id, owned.touch, owned.recognizer
                  ORDER BY owned.t_ns, owned.line) AS rank
              FROM owned_transition AS owned
              WHERE owned.touch IS NOT NULL AND owned.to_state IN ('began', 'recognized')) AS earliest
        JOIN touch ON touch.session_id = earliest.session_id AND touch.touch = earliest.touch
        WHERE earliest.rank = 1
        """,
        // MATERIALIZED: flattened, SQLite would run the seek three times a
        // row (the column, the subtraction and the filter).
        """
        INSERT INTO dispatch (session_id, t_ns, line, target, event, via, touch, transition_ns, latency_ns, region)
        WITH matched AS MATERIALIZED (
            SELECT owned.*,
                   (SELECT transition.t_ns FROM transition
                    WHERE transition.session_id = owned.session_id AND transition.recognizer = owned.target
                      AND transition.to_state = owned.event AND transition.t_ns <= owned.t_ns
                    ORDER BY transition.t_ns DESC LIMIT 1) AS transition_ns
            FROM owned_delivery AS owned
        )
        SELECT matched.session_id, matched.t_ns, matched.line, matched.target, matched.event, matched.via,
               matched.touch, matched.transition_ns, matched.t_ns - matched.transition_ns, touch.region
        FROM matched
        LEFT JOIN touch ON touch.session_id = matched.session_id AND touch.touch = matched.touch
        WHERE matched.transition_ns IS NOT NULL
        """,
        """
        INSERT INTO session_orphans (session_id, orphan_deliveries, orphan_transitions)
        SELECT session.id, coalesce(deliveries.n, 0), coalesce(transitions.n, 0)
        FROM session
        LEFT JOIN (SELECT session_id, count(*) AS n FROM owned_delivery WHERE touch IS NULL GROUP BY session_id)
            AS deliveries ON deliveries.session_id = session.id
        LEFT JOIN (SELECT session_id, count(*) AS n FROM owned_transition WHERE touch IS NULL GROUP BY session_id)
            AS transitions ON transitions.session_id = session.id
        WHERE session.capture_id = :capture
        """,
        "DROP TABLE temp.owned_delivery",
        "DROP TABLE temp.owned_transition",
    ]
}
