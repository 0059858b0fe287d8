import GRDB
import GestureStore
import GestureTrace

/// What a report drew on: its captures (with the start of their SHA-256),
/// sessions, devices and configurations, in import order; and how much the
/// store holds, since the comparisons may draw on only some of it.
struct ReportInventory {
    struct Capture {
        var id: Int64
        var fileName: String
        var sha256: String
        /// Every session of the capture.
        var sessions: Int
        /// Those of them the comparisons drew on.
        var drawnOn: Int
    }

    struct Session {
        var id: Int64
        var captureID: Int64
        var capture: String
        var session: String
        var experiment: String
        var variant: String
        var device: String
        var screen: String
        var touches: Int
        var configuration: String
        var droppedEvents: Int
    }

    /// The captures with a session drawn on.
    var captures: [Capture]
    /// The sessions drawn on.
    var sessions: [Session]
    /// Every capture and session in the store.
    var storeCaptures: Int
    var storeSessions: Int

    /// The captures and sessions among `sessionIDs`, or all of them for nil.
    static func load(_ db: some StoreReader, sessionIDs: Set<Int64>?, drops: [Int64: SessionDrops.Count]) throws -> ReportInventory {
        // Plain columns, formatted here: the same text from either engine.
        var configurations: [Int64: [String]] = [:]
        for row in try db.fetchRows(sql: "SELECT session_id, key, value FROM session_config ORDER BY session_id, key") {
            let key: String = row[1], value: String = row[2]
            configurations[row[0], default: []].append("\(key) = \(value)")
        }
        var sessions: [Session] = []
        let rows = try db.fetchRows(projectSQL: """
            SELECT session.id, capture.file_name, session.session, session.experiment, session.variant,
                   session.device_model, session.device_os, session.screen_w, session.screen_h,
                   (SELECT count(*) FROM touches WHERE touches.session_id = session.id), capture.id
            FROM session JOIN capture ON capture.id = session.capture_id
            ORDER BY capture.id, session.line
            """)
        for row in rows {
            let id: Int64 = row[0]
            if let sessionIDs, !sessionIDs.contains(id) { continue }
            let model: String? = row[5], os: String? = row[6]
            let width: Double? = row[7], height: Double? = row[8]
            let device = (model ?? "") + (os.map { " " + $0 } ?? "")
            let screen = width.map { String(format: "%g × %g", $0, height ?? 0) } ?? ""
            sessions.append(Session(id: id, captureID: row[10], capture: row[1], session: row[2], experiment: row[3],
                                    variant: row[4], device: device, screen: screen, touches: row[9],
                                    configuration: configurations[id, default: []].joined(separator: ", "),
                                    droppedEvents: drops[id]?.events ?? 0))
        }
        let drawnOn = Dictionary(sessions.map { ($0.captureID, 1) }, uniquingKeysWith: +)
        let everyCapture = try db.fetchRows(projectSQL: """
            SELECT capture.id, file_name, coalesce(sha256, ''), count(session.id)
            FROM capture LEFT JOIN session ON session.capture_id = capture.id
            GROUP BY capture.id, file_name, sha256 ORDER BY capture.id
            """).map { row -> Capture in
                let id: Int64 = row[0]
                return Capture(id: id, fileName: row[1], sha256: String((row[2] as String).prefix(12)), sessions: row[3],
                               drawnOn: drawnOn[id] ?? 0)
            }
        return ReportInventory(captures: everyCapture.filter { $0.drawnOn > 0 }, sessions: sessions,
                               storeCaptures: everyCapture.count, storeSessions: everyCapture.reduce(0) { $0 + $1.sessions })
    }

    /// Whether the comparisons drew on fewer sessions than the store holds.
    var drawsOnPart: Bool { sessions.count != storeSessions || captures.count != storeCaptures }

    /// What the page's header counts: `80 sessions from 5 captures`, or
    /// when the comparisons drew on only some, those and what the store
    /// holds: `72 sessions from 5 captures drawn on (the store holds 80
    /// sessions in 5 captures)`.
    var summary: String {
        let drawn = "\(Self.count(sessions.count, "session")) from \(Self.count(captures.count, "capture"))"
        guard drawsOnPart else { return drawn }
        return "\(drawn) drawn on (the store holds \(Self.count(storeSessions, "session")) in "
            + "\(Self.count(storeCaptures, "capture")))"
    }

    /// `1 session`, `1,200 sessions`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number.grouped) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Distinct devices with their screens and how many sessions ran on each.
    var devices: [(device: String, screen: String, sessions: Int)] {
        Self.tally(sessions.map { ($0.device, $0.screen) }).map { (device: $0.0, screen: $0.1, sessions: $0.2) }
    }

    /// Per experiment, each configuration key with the values its sessions gave.
    var configurations: [(experiment: String, configuration: String, sessions: Int)] {
        Self.tally(sessions.map { ($0.experiment, $0.configuration) })
            .map { (experiment: $0.0, configuration: $0.1, sessions: $0.2) }
    }

    /// Each distinct pair with how often it comes, in the order of its
    /// bytes. Pairs are told apart by their bytes, as the store tells names
    /// apart: Swift's `==` would count `café` spelt two ways as one.
    private static func tally(_ pairs: [(String, String)]) -> [(String, String, Int)] {
        struct Key: Hashable {
            var first: [UInt8], second: [UInt8]
        }
        var counts: [Key: (String, String, Int)] = [:]
        for (first, second) in pairs {
            counts[Key(first: Array(first.utf8), second: Array(second.utf8)), default: (first, second, 0)].2 += 1
        }
        return counts.keys.sorted {
            $0.first == $1.first ? $0.second.lexicographicallyPrecedes($1.second) : $0.first.lexicographicallyPrecedes($1.first)
        }.compactMap { counts[$0] }
    }
}
