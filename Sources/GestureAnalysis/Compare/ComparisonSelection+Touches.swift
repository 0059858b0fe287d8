import GRDB
import GestureStore

/// One latency of a comparison group with the touch it belongs to: where the
/// finger landed, on what screen, and the touch's place in its session.
package struct TouchLatency: Sendable, Equatable {
    package var latencyMs: Double
    package var sessionID: Int64
    /// 1 for the session's first touch-down, 2 for the next, …; nil when the
    /// latency belongs to no touch (a dispatch of no touch).
    package var order: Int?
    /// Touch-down position in screen points; nil without a touch.
    package var x: Double?
    package var y: Double?
    /// The session's screen size in points; nil when the capture gave none.
    package var screenWidth: Double?
    package var screenHeight: Double?

    package init(latencyMs: Double, sessionID: Int64, order: Int? = nil, x: Double? = nil, y: Double? = nil,
                screenWidth: Double? = nil, screenHeight: Double? = nil) {
        self.latencyMs = latencyMs
        self.sessionID = sessionID
        self.order = order
        self.x = x
        self.y = y
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
    }
}

extension ComparisonSelection {
    /// `WHERE` conditions for the filters and for the group where the key is `value`.
    func groupFilters(value: String) throws -> (sql: [String], arguments: [DatabaseValueConvertible?]) {
        var (conditions, arguments) = try filters()
        if splitsOnColumn {
            let column = by == "target" ? targetColumn : by
            if value == "unknown" {
                conditions.append("\(column) IS NULL")
            } else {
                conditions.append("\(column) = ?")
                arguments.append(value)
            }
        } else if let attribute = splitAttribute {
            conditions.append("session_id IN (SELECT session.id FROM session WHERE \(attribute.sql) = ?)")
            arguments.append(value)
        } else {
            conditions.append("session_id IN (SELECT session_id FROM session_config WHERE key = ? AND value = ?)")
            arguments.append(by)
            arguments.append(value)
        }
        return (conditions, arguments)
    }

    /// The latencies of the group where the key is `value`, each with its
    /// touch's position, screen and order, in session and touch order: what
    /// the report draws on the screen map and against touch order.
    ///
    ///     let touches = try selection.touchLatencies(db, value: "none")
    ///     touches.filter { $0.y ?? 0 > 832 }.count   // touch-downs near the bottom edge
    package func touchLatencies(_ db: some StoreReader, value: String) throws -> [TouchLatency] {
        let (conditions, arguments) = try groupFilters(value: value)
        // The touch's order counts every touch-down of its session, not only
        // the selected ones: warm-up is about the session's life.
        let rows = try db.fetchRows(projectSQL: """
            WITH picked AS (
                SELECT latency_ms, session_id, touch FROM \(metric.relation)
                WHERE \(conditions.joined(separator: " AND "))
            ),
            ordered AS (
                SELECT session_id, touch, x, y,
                       row_number() OVER (PARTITION BY session_id ORDER BY down_ns, touch) AS ordinal
                FROM touches WHERE session_id IN (SELECT session_id FROM picked)
            )
            SELECT picked.latency_ms, picked.session_id, ordered.ordinal, ordered.x, ordered.y,
                   session.screen_w, session.screen_h
            FROM picked
            JOIN session ON session.id = picked.session_id
            LEFT JOIN ordered ON ordered.session_id = picked.session_id AND ordered.touch = picked.touch
            ORDER BY picked.session_id, ordered.ordinal, picked.latency_ms
            """, arguments: StoreArguments(arguments))
        var touches: [TouchLatency] = []
        for row in rows {
            let latency: Double = row[0], sessionID: Int64 = row[1], order: Int? = row[2]
            let x: Double? = row[3], y: Double? = row[4], width: Double? = row[5], height: Double? = row[6]
            touches.append(TouchLatency(latencyMs: latency, sessionID: sessionID, order: order, x: x, y: y,
                                        screenWidth: width, screenHeight: height))
        }
        return touches
    }
}
