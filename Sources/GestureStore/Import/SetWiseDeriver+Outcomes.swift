import GRDB
import GestureTrace

/// The touch outcomes of a capture whose order the reading pass could not
/// settle: its stored targets and touch-downs read back in time order, one
/// session at a time, and each down measured against the targets' frames as
/// of its time.
///
/// SQL sorts; the measuring is a sweep, because a join of every down with
/// every target of its session grows as their product, which a session of
/// thousands of targets (a scrolled list) turns into minutes. Here each down is a
/// search of ``TargetGrid``'s cells around it.
///
/// The rules are docs/latencies.md's, as the reading pass applies them:
/// targets on screen at a down are those with a record at or before its
/// time, each at the frame of its latest such record (by time, then line);
/// the nearest wins, and a tie in distance goes to the target whose first
/// record is on the earliest line of the file, whenever that record's time.
extension SetWiseDeriver {
    /// The `outcome` rows of a capture with `target` records.
    static func deriveOutcomes(_ db: Database, captureID: Int64) throws {
        try run(["DELETE FROM stored_outcome WHERE session_id IN (SELECT id FROM session WHERE capture_id = :capture)"],
                db, captureID: captureID)
        var declared: [TargetKey: Int] = [:]
        try forEachRow(db, Self.declaredLines, captureID: captureID) { row in
            declared[TargetKey(session: row[0], target: row[1])] = row[2]
        }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO stored_outcome (session_id, touch, target_id, distance_pt, inside_frame, inside_hit_area,
                                        reached, target_line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var sweep = Sweep()
        try forEachRow(db, Self.events, captureID: captureID) { row in
            let session: Int64 = row[1]
            if session != sweep.session { sweep = Sweep(session: session) }
            let x: Double = row[4], y: Double = row[5]
            if row[0] as Int64 == 0 {
                let target: Int64 = row[3]
                let frame = TargetRect(x: x, y: y, width: row[6], height: row[7])
                let area = TargetRect(x: row[8] ?? frame.x, y: row[9] ?? frame.y,
                                      width: row[10] ?? frame.width, height: row[11] ?? frame.height)
                sweep.place(target, frame: frame, hitArea: area, line: row[2],
                            declaredLine: declared[TargetKey(session: session, target: target)]!)
            } else if let outcome = sweep.outcome(px: x, py: y, hit: row[12]) {
                try insert.execute(arguments: [session, row[3] as Int64, outcome.target, outcome.distance,
                                               outcome.insideFrame, outcome.insideHitArea, outcome.reached,
                                               outcome.line])
            }
        }
    }

    private struct TargetKey: Hashable {
        var session: Int64
        var target: Int64
    }

    /// One session's targets at their frames so far.
    private struct Sweep {
        var session: Int64 = -1
        var targets: [(id: Int64, declaredLine: Int, line: Int, frame: TargetRect, hitArea: TargetRect)] = []
        var indexes: [Int64: Int] = [:]
        let grid = TargetGrid()

        mutating func place(_ id: Int64, frame: TargetRect, hitArea: TargetRect, line: Int, declaredLine: Int) {
            guard let index = indexes[id] else {
                indexes[id] = targets.count
                grid.add(targets.count, frame: frame)
                targets.append((id, declaredLine, line, frame, hitArea))
                return
            }
            // Records come by time, then line: each replaces the last.
            if targets[index].frame != frame { grid.move(index, to: frame) }
            (targets[index].line, targets[index].frame, targets[index].hitArea) = (line, frame, hitArea)
        }

        func outcome(px: Double, py: Double, hit: Int64?) -> (target: Int64, distance: Double,
                                                                       insideFrame: Bool, insideHitArea: Bool,
                                                                       reached: Bool, line: Int)? {
            let targets = targets
            guard let (index, squared, _) = grid.nearest(px, py, isEarlier: {
                targets[$0].declaredLine < targets[$1].declaredLine
            }) else { return nil }
            let target = targets[index]
            let insideHitArea = target.hitArea.contains(px, py)
            return (target.id, TargetGrid.distance(from: target.frame, px, py, squared: squared),
                    target.frame.contains(px, py), insideHitArea,
                    hit.map { $0 == target.id } ?? insideHitArea, target.line)
        }
    }

    private static func forEachRow(_ db: Database, _ sql: String, captureID: Int64, _ body: (Row) throws -> Void) throws {
        do {
            let cursor = try Row.fetchCursor(db, sql: sql, arguments: ["capture": captureID])
            while let row = try cursor.next() { try body(row) }
        } catch let error as DatabaseError {
            throw StoreError("deriving touch outcomes failed: \(error.message ?? "\(error)")\n  SQL: \(sql)\n  arguments: capture \(captureID)")
        }
    }

    /// Each target's first line in the file, whatever its time: ties go to
    /// the lowest.
    private static let declaredLines = """
        SELECT session_id, target_id, min(line) FROM stored_target
        WHERE session_id IN (SELECT id FROM session WHERE capture_id = :capture)
        GROUP BY session_id, target_id
        """

    /// Target records (kind 0) and touch-downs (kind 1) by session and
    /// time, a time's targets before its downs, targets by line: columns
    /// kind, session, line, target or touch, x, y, w, h, the hit area's
    /// x, y, w, h, the down's `hit`.
    private static let events = """
        SELECT 0 AS kind, session_id, line, target_id, x, y, w, h, hit_x, hit_y, hit_w, hit_h, NULL, t_ns
        FROM stored_target
        WHERE session_id IN (SELECT id FROM session WHERE capture_id = :capture)
        UNION ALL
        SELECT 1, session_id, line, touch, x, y, NULL, NULL, NULL, NULL, NULL, NULL, hit_id, down_ns
        FROM stored_touch
        WHERE session_id IN (SELECT id FROM session WHERE capture_id = :capture)
        ORDER BY 2, 14, 1, 3
        """
}
