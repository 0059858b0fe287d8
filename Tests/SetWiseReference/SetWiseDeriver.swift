import GRDB
import GestureStore

/// The latencies, false starts and touch outcomes of docs/latencies.md for
/// one capture, set-wise in SQL: a second implementation of the rules,
/// written apart from the importer's one-pass `StreamingDeriver`, kept in
/// the tests as the reference the importer's rows are checked against.
///
/// Each record is associated with its touch by one seek in
/// `temp.touch_down`, the capture's touches keyed by (session, down time,
/// touch). It reads and writes the `stored_*` tables, names by their keys in
/// `name`: one namespace, so a delivery's target meets a transition's
/// recognizer by key. Outcomes are one join of every touch-down with every
/// target of its session: quadratic, which a reference may be.
///
///     try SetWiseDeriver.rederive(database)   // every capture, replacing the importer's rows
package enum SetWiseDeriver {
    /// Why a step failed, with its SQL.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Derives every capture of the store again, replacing the rows the
    /// importer derived.
    package static func rederive(_ database: GestureDatabase) throws {
        try database.connection.write { db in
            for captureID in try Int64.fetchAll(db, sql: "SELECT id FROM capture ORDER BY id") {
                try derive(db, captureID: captureID)
            }
        }
    }

    /// Derives one capture's rows, after deleting those it has.
    package static func derive(_ db: Database, captureID: Int64) throws {
        try run(clearing + steps + falseStartSteps + [outcomes], db, captureID: captureID)
    }

    private static func run(_ statements: [String], _ db: Database, captureID: Int64) throws {
        let arguments: StatementArguments = ["capture": captureID]
        for sql in statements {
            do {
                try db.execute(sql: sql, arguments: arguments)
            } catch let error as DatabaseError {
                throw Failure(description: "deriving set-wise failed: \(error.message ?? "\(error)")\n  SQL: \(sql)\n  arguments: capture \(captureID)")
            }
        }
    }

    /// The touch a record belongs to: the one it names, if that touch exists;
    /// else the latest down at or before its t (equal downs: higher touch id).
    private static func owningTouch(_ record: String) -> String {
        """
        CASE WHEN \(record).touch IS NOT NULL THEN
            (SELECT touch.touch FROM stored_touch AS touch
             WHERE touch.session_id = \(record).session_id AND touch.touch = \(record).touch)
        ELSE
            (SELECT down.touch FROM temp.touch_down AS down
             WHERE down.session_id = \(record).session_id AND down.down_ns <= \(record).t_ns
             ORDER BY down.down_ns DESC, down.touch DESC LIMIT 1)
        END
        """
    }

    /// The capture's touches by (session, down time, touch), for
    /// `owningTouch`'s seek; dropped with the owned records at the end.
    private static let touchDowns: [String] = [
        "DROP TABLE IF EXISTS temp.touch_down",
        """
        CREATE TEMP TABLE touch_down (
            session_id  INTEGER NOT NULL,
            down_ns     INTEGER NOT NULL,
            touch       INTEGER NOT NULL,
            PRIMARY KEY (session_id, down_ns, touch)
        ) WITHOUT ROWID
        """,
        """
        INSERT INTO temp.touch_down (session_id, down_ns, touch)
        SELECT session_id, down_ns, touch FROM stored_touch
        WHERE session_id IN (SELECT id FROM session WHERE capture_id = :capture)
        """,
    ]

    /// The capture's derived rows, whichever way they were derived.
    private static let clearing = ["stored_response", "stored_recognition", "stored_dispatch", "session_orphans",
                                   "stored_touch_start", "stored_outcome"].map {
        "DELETE FROM \($0) WHERE session_id IN (SELECT id FROM session WHERE capture_id = :capture)"
    }

    private static let steps: [String] = touchDowns + [
        "DROP TABLE IF EXISTS temp.owned_delivery",
        "DROP TABLE IF EXISTS temp.owned_transition",
        """
        CREATE TEMP TABLE owned_delivery AS
        SELECT delivery.session_id, delivery.t_ns, delivery.line, delivery.target_id, delivery.event_id,
               delivery.via_id, \(owningTouch("delivery")) AS touch
        FROM stored_delivery AS delivery
        WHERE delivery.session_id IN (SELECT id FROM session WHERE capture_id = :capture)
        """,
        """
        CREATE TEMP TABLE owned_transition AS
        SELECT transition.session_id, transition.t_ns, transition.line, transition.recognizer_id,
               transition.to_state_id, transition.class_id, \(owningTouch("transition")) AS touch
        FROM stored_transition AS transition
        WHERE transition.session_id IN (SELECT id FROM session WHERE capture_id = :capture)
        """,
        // The earliest of each group; at equal times the earlier line, as the
        // reading pass decides too. The rows go in sorted by key, time and
        // line, so the first of each key is its earliest and the rest are
        // conflicts to skip: a third less work than ranking each group with
        // row_number(), which copies every partition aside first.
        """
        INSERT INTO stored_response (session_id, touch, target_id, event_id, via_id, t_ns, latency_ns, line, region_id)
        SELECT owned.session_id, owned.touch, owned.target_id, owned.event_id, owned.via_id,
               owned.t_ns, owned.t_ns - touch.down_ns, owned.line, touch.region_id
        FROM owned_delivery AS owned
        JOIN stored_touch AS touch ON touch.session_id = owned.session_id AND touch.touch = owned.touch
        ORDER BY owned.session_id, owned.touch, owned.target_id, owned.event_id, owned.via_id, owned.t_ns, owned.line
        ON CONFLICT DO NOTHING
        """,
        """
        INSERT INTO stored_recognition (session_id, touch, recognizer_id, class_id, state_id, t_ns, latency_ns, line,
                                        region_id)
        SELECT owned.session_id, owned.touch, owned.recognizer_id, owned.class_id, owned.to_state_id,
               owned.t_ns, owned.t_ns - touch.down_ns, owned.line, touch.region_id
        FROM owned_transition AS owned
        JOIN stored_touch AS touch ON touch.session_id = owned.session_id AND touch.touch = owned.touch
        WHERE owned.to_state_id IN (SELECT id FROM name WHERE text IN ('began', 'recognized'))
        ORDER BY owned.session_id, owned.touch, owned.recognizer_id, owned.t_ns, owned.line
        ON CONFLICT DO NOTHING
        """,
        // MATERIALIZED: flattened, SQLite would run the seek twice a row
        // (the subtraction and the filter).
        """
        INSERT INTO stored_dispatch (session_id, t_ns, line, target_id, event_id, via_id, touch, latency_ns,
                                     region_id)
        WITH matched AS MATERIALIZED (
            SELECT owned.*,
                   (SELECT transition.t_ns FROM stored_transition AS transition
                    WHERE transition.session_id = owned.session_id AND transition.recognizer_id = owned.target_id
                      AND transition.to_state_id = owned.event_id AND transition.t_ns <= owned.t_ns
                    ORDER BY transition.t_ns DESC LIMIT 1) AS transition_ns
            FROM owned_delivery AS owned
        )
        SELECT matched.session_id, matched.t_ns, matched.line, matched.target_id, matched.event_id, matched.via_id,
               matched.touch, matched.t_ns - matched.transition_ns, touch.region_id
        FROM matched
        LEFT JOIN stored_touch AS touch ON touch.session_id = matched.session_id AND touch.touch = matched.touch
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
    ]

    /// The events of false starts with their touch, then one `touch_start`
    /// row per (touch, target) with a start (`FalseStarts.outcome`'s rule:
    /// a false start is the first cancel, by time, event name and line,
    /// that follows a start with no end at or between their times; its
    /// start the earliest such), from the latencies' owned records.
    private static var falseStartSteps: [String] {
        let deliveryEvents = "'touchesBegan', 'touchDown', 'touchesEnded', 'touchUpInside', 'touchUpOutside', "
            + "'touchesCancelled', 'touchCancel'"
        let transitionStates = "'began', 'ended', 'recognized', 'cancelled', 'failed'"
        return [
            "DROP TABLE IF EXISTS temp.start_event",
            """
            CREATE TEMP TABLE start_event AS
            SELECT session_id, touch, target_id AS target, t_ns, line, event_id, event,
                   CASE WHEN event IN ('touchesBegan', 'touchDown') THEN 0
                        WHEN event IN ('touchesCancelled', 'touchCancel') THEN 2 ELSE 1 END AS role
            FROM (SELECT owned_delivery.*, name.text AS event
                  FROM owned_delivery JOIN name ON name.id = owned_delivery.event_id
                  WHERE owned_delivery.touch IS NOT NULL AND name.text IN (\(deliveryEvents)))
            UNION ALL
            SELECT session_id, touch, recognizer_id, t_ns, line, to_state_id, to_state,
                   CASE to_state WHEN 'began' THEN 0 WHEN 'cancelled' THEN 2 WHEN 'failed' THEN 2 ELSE 1 END
            FROM (SELECT owned_transition.*, name.text AS to_state
                  FROM owned_transition JOIN name ON name.id = owned_transition.to_state_id
                  WHERE owned_transition.touch IS NOT NULL AND name.text IN (\(transitionStates)))
            """,
            "CREATE INDEX temp.start_event_by_pair ON start_event(session_id, touch, target, role, t_ns)",
            """
            INSERT INTO stored_touch_start (session_id, touch, target_id, start_event_id, start_ns, start_line,
                                            cancel_event_id, cancel_ns, cancel_line)
            WITH opened AS (
                SELECT cancel.session_id, cancel.touch, cancel.target, cancel.event_id AS cancel_event_id,
                       cancel.event AS cancel_event, cancel.t_ns AS cancel_ns, cancel.line AS cancel_line,
                       (SELECT start.rowid FROM start_event AS start
                        WHERE start.session_id = cancel.session_id AND start.touch = cancel.touch
                          AND start.target = cancel.target AND start.role = 0 AND start.t_ns <= cancel.t_ns
                          AND NOT EXISTS (
                              SELECT 1 FROM start_event AS finish
                              WHERE finish.session_id = cancel.session_id AND finish.touch = cancel.touch
                                AND finish.target = cancel.target AND finish.role = 1
                                AND finish.t_ns >= start.t_ns AND finish.t_ns <= cancel.t_ns)
                        ORDER BY start.t_ns, start.event, start.line LIMIT 1) AS start_row
                FROM start_event AS cancel
                WHERE cancel.role = 2
            ),
            cancelled AS (
                SELECT * FROM (
                    SELECT opened.*, row_number() OVER (
                        PARTITION BY session_id, touch, target ORDER BY cancel_ns, cancel_event, cancel_line) AS rank
                    FROM opened WHERE start_row IS NOT NULL)
                WHERE rank = 1
            ),
            first_start AS (
                SELECT * FROM (
                    SELECT start_event.*, row_number() OVER (
                        PARTITION BY session_id, touch, target ORDER BY t_ns, event, line) AS rank
                    FROM start_event WHERE role = 0)
                WHERE rank = 1
            )
            SELECT first_start.session_id, first_start.touch, first_start.target,
                   coalesce(start.event_id, first_start.event_id), coalesce(start.t_ns, first_start.t_ns),
                   coalesce(start.line, first_start.line),
                   cancelled.cancel_event_id, cancelled.cancel_ns, cancelled.cancel_line
            FROM first_start
            LEFT JOIN cancelled ON cancelled.session_id = first_start.session_id
                AND cancelled.touch = first_start.touch AND cancelled.target = first_start.target
            LEFT JOIN start_event AS start ON start.rowid = cancelled.start_row
            """,
            "DROP TABLE temp.start_event",
            "DROP TABLE temp.owned_delivery",
            "DROP TABLE temp.owned_transition",
            "DROP TABLE temp.touch_down",
        ]
    }

    /// Each touch-down's nearest target of its session (docs/latencies.md):
    /// the targets on screen are those with a record at or before the
    /// down, each at the frame of its latest such record (by time, then
    /// line); a tie in distance goes to the target whose first record is on
    /// the earliest line of the file.
    private static let outcomes = """
        INSERT INTO stored_outcome (session_id, touch, target_id, distance_pt, inside_frame, inside_hit_area,
                                    reached, target_line)
        WITH declared AS (
            SELECT session_id, target_id AS target, min(line) AS declared_line
            FROM stored_target
            WHERE session_id IN (SELECT id FROM session WHERE capture_id = :capture)
            GROUP BY session_id, target_id
        ),
        latest AS MATERIALIZED (
            SELECT touch.session_id, touch.touch, touch.x AS px, touch.y AS py, touch.hit_id AS hit,
                   declared.target, declared.declared_line,
                   (SELECT frame.t_ns FROM stored_target AS frame
                    WHERE frame.session_id = declared.session_id AND frame.target_id = declared.target
                      AND frame.t_ns <= touch.down_ns
                    ORDER BY frame.t_ns DESC LIMIT 1) AS frame_ns
            FROM declared
            JOIN stored_touch AS touch ON touch.session_id = declared.session_id
        ),
        current AS (
            SELECT latest.*, frame.line AS frame_line, frame.x, frame.y, frame.w, frame.h,
                   coalesce(frame.hit_x, frame.x) AS ax, coalesce(frame.hit_y, frame.y) AS ay,
                   coalesce(frame.hit_w, frame.w) AS aw, coalesce(frame.hit_h, frame.h) AS ah
            FROM latest
            JOIN stored_target AS frame ON frame.session_id = latest.session_id AND frame.target_id = latest.target
                                AND frame.t_ns = latest.frame_ns
                                AND frame.line = (SELECT max(same.line) FROM stored_target AS same
                                                  WHERE same.session_id = latest.session_id
                                                    AND same.target_id = latest.target AND same.t_ns = latest.frame_ns)
        ),
        measured AS (
            SELECT current.*, max(x - px, 0.0, px - (x + w)) AS dx, max(y - py, 0.0, py - (y + h)) AS dy
            FROM current
        ),
        ranked AS (
            SELECT measured.*, dx * dx + dy * dy AS squared,
                   row_number() OVER (PARTITION BY session_id, touch ORDER BY dx * dx + dy * dy, declared_line) AS nearest
            FROM measured
        )
        SELECT session_id, touch, target,
               -- Past binary64, the square overflows: scaled by the larger
               -- side, and at most the largest finite double.
               CASE WHEN squared <= 1.7976931348623157e308 THEN sqrt(squared)
                    ELSE min(max(dx, dy) * sqrt(1 + (min(dx, dy) / max(dx, dy)) * (min(dx, dy) / max(dx, dy))),
                             1.7976931348623157e308) END,
               (px >= x AND px <= x + w AND py >= y AND py <= y + h),
               (px >= ax AND px <= ax + aw AND py >= ay AND py <= ay + ah),
               (CASE WHEN hit IS NOT NULL THEN hit = target ELSE px >= ax AND px <= ax + aw AND py >= ay AND py <= ay + ah END),
               frame_line
        FROM ranked WHERE nearest = 1
        """
}

/// Which implementation of the rules derives a test's rows.
package enum Deriver: String, Sendable, CaseIterable {
    /// The importer's own rows (`StreamingDeriver`, while reading or from
    /// the stored records read back in time order).
    case importer
    /// The importer's rows replaced by the SQL reference's.
    case setWise

    /// Replaces the store's derived rows with the reference's, for `.setWise`.
    package func derive(_ database: GestureDatabase) throws {
        if self == .setWise { try SetWiseDeriver.rederive(database) }
    }
}
