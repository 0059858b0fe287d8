import GRDB
import GestureAnalysis
import GestureStore

/// What the outcome map of one group draws: the targets' frames and hit
/// areas its sessions declared, and each touch-down with whether it
/// reached the target nearest it.
struct OutcomeMapData: Sendable {
    struct Rect: Sendable, Equatable {
        var x, y, width, height: Double
    }

    struct Target: Sendable, Equatable {
        var name: String
        var frame: Rect
        /// The area accepting touches, when it differs from the frame.
        var hitArea: Rect?
    }

    struct Touch: Sendable {
        var x, y: Double
        var reached: Bool
        /// The hit-test chose a declared target other than the nearest one.
        var hitAnother: Bool
    }

    /// Distinct frames, in the order first declared (a moved target appears once per place).
    var targets: [Target]
    var touches: [Touch]
    /// The screen most of the sessions ran on, in points.
    var screen: (width: Double, height: Double)?
    /// Declared frames beyond ``maximumTargets`` that were not drawn.
    var targetsLeftOut = 0

    /// More frames than this (targets moved many times) are not all drawn.
    static let maximumTargets = 400

    static func load(_ selection: ComparisonSelection, value: String, sessions: [Int64],
                     in db: some StoreReader) throws -> OutcomeMapData {
        var outcomeSelection = selection
        outcomeSelection.outcome = .reached
        let (conditions, arguments) = OutcomeFilter.conditions(outcomeSelection, value: value, sessions: sessions)
        let touches = try db.fetchRows(projectSQL: """
            SELECT x, y, reached, CASE WHEN hit IS NOT NULL AND hit <> '' AND hit <> target THEN 1 ELSE 0 END
            FROM outcomes WHERE \(conditions.joined(separator: " AND ")) ORDER BY session_id, down_ns, touch
            """, arguments: StoreArguments(arguments)).map { row -> Touch in
            let reached: Int = row[2], another: Int = row[3]
            return Touch(x: row[0], y: row[1], reached: reached == 1, hitAnother: another == 1)
        }
        let inSessions = sessions.isEmpty ? "0 = 1"
            : "session_id IN (" + Array(repeating: "?", count: sessions.count).joined(separator: ", ") + ")"
        let sessionArguments = StoreArguments(sessions.map { $0 as DatabaseValueConvertible? })
        var targets: [Target] = []
        var left = 0
        for row in try db.fetchRows(projectSQL: """
            SELECT target, x, y, w, h, hit_x, hit_y, hit_w, hit_h FROM targets WHERE \(inSessions)
            ORDER BY session_id, t_ns, line
            """, arguments: sessionArguments) {
            let frame = Rect(x: row[1], y: row[2], width: row[3], height: row[4])
            let hitX: Double? = row[5], hitY: Double? = row[6], hitW: Double? = row[7], hitH: Double? = row[8]
            var hitArea: Rect?
            if let hitX, let hitY, let hitW, let hitH { hitArea = Rect(x: hitX, y: hitY, width: hitW, height: hitH) }
            let target = Target(name: row[0], frame: frame, hitArea: hitArea == frame ? nil : hitArea)
            guard !targets.contains(target) else { continue }
            if targets.count < maximumTargets { targets.append(target) } else { left += 1 }
        }
        let screen = try db.fetchRows(projectSQL: """
            SELECT screen_w, screen_h, count(*) AS n FROM session
            WHERE \(inSessions.replacingOccurrences(of: "session_id", with: "id")) AND screen_w IS NOT NULL AND screen_h IS NOT NULL
            GROUP BY screen_w, screen_h ORDER BY n DESC, screen_w, screen_h LIMIT 1
            """, arguments: sessionArguments).first.map { row -> (width: Double, height: Double) in (row[0], row[1]) }
        return OutcomeMapData(targets: targets, touches: touches, screen: screen, targetsLeftOut: left)
    }
}
