import GRDB

/// What a session is, besides its configuration: the attributes that
/// `compare --by`, `--where` and `report --by` split and filter on by name.
///
/// Each is one value a session (or none), read with SQL that both engines
/// run as written, over the `session` table:
///
/// ```swift
/// SessionAttribute(key: "app.build")?.sql   // "session.app_build"
/// SessionAttribute(key: "delivery")          // nil: a configuration key
/// ```
package enum SessionAttribute: String, CaseIterable, Sendable {
    case experiment
    case variant
    /// The capture file's name, as imported.
    case capture
    /// The date of `started_at`, `YYYY-MM-DD`.
    case day
    case deviceModel = "device.model"
    case deviceOS = "device.os"
    case appName = "app.name"
    case appVersion = "app.version"
    case appBuild = "app.build"

    /// The attribute a key names; nil for a configuration key.
    package init?(key: String) {
        self.init(rawValue: key)
    }

    /// The key as users write it.
    package var key: String { rawValue }

    /// Its value for the row of `session` in scope: text, or NULL when the
    /// session did not record it.
    package var sql: String {
        switch self {
        case .experiment: "session.experiment"
        case .variant: "session.variant"
        case .capture: "(SELECT capture.file_name FROM capture WHERE capture.id = session.capture_id)"
        // ISO 8601 starts with the date; anything shorter is no date.
        case .day: "CASE WHEN length(session.started_at) >= 10 THEN substr(session.started_at, 1, 10) END"
        case .deviceModel: "session.device_model"
        case .deviceOS: "session.device_os"
        case .appName: "session.app_name"
        case .appVersion: "session.app_version"
        case .appBuild: "session.app_build"
        }
    }

    /// The attributes with a value in at least one session, in the order of
    /// ``allCases``: what an error lists as keys the store has.
    package static func recorded(_ db: some StoreReader) throws -> [SessionAttribute] {
        let counts = allCases.map { "count(\($0.sql))" }.joined(separator: ", ")
        var found: [SessionAttribute] = []
        try db.forEachRow(sql: "SELECT \(counts) FROM session", arguments: [], columns: { _ in }, row: { row in
            for (attribute, count) in zip(allCases, row) where (Int.fromDatabaseValue(count) ?? 0) > 0 {
                found.append(attribute)
            }
        })
        return found
    }

    /// Every key a session of the store can be split or filtered on: the
    /// recorded attributes, then the configuration keys in sort order.
    package static func sessionKeys(_ db: some StoreReader) throws -> [String] {
        try recorded(db).map(\.key) + db.fetchStrings(sql: "SELECT DISTINCT key FROM session_config ORDER BY key")
    }
}
