import Foundation
import GRDB

/// Which latencies go into a comparison, and how they split into groups.
///
/// `by` is a session configuration key (`deferred_edges`), `variant`, `via`,
/// or another column of the metric's relation (`region`, `target`, `event`,
/// `experiment`). Filters narrow the latencies before the split.
public struct ComparisonSelection: Sendable, Equatable {
    public var metric: LatencyMetric = .response
    public var by: String
    public var target: String?
    public var event: String?
    public var via: String?
    /// A region, or several separated by commas (`bottom,bottom-right`);
    /// `unknown` selects touches of sessions without a screen size.
    public var region: String?
    public var experiment: String?
    public var variant: String?

    public init(by: String, metric: LatencyMetric = .response, target: String? = nil, event: String? = nil,
                via: String? = nil, region: String? = nil, experiment: String? = nil, variant: String? = nil) {
        self.by = by
        self.metric = metric
        self.target = target
        self.event = event
        self.via = via
        self.region = region
        self.experiment = experiment
        self.variant = variant
    }

    /// Keys that split on a column of the relation rather than on the
    /// sessions' configuration.
    static let columnKeys: Set<String> = ["variant", "via", "region", "target", "event", "experiment", "recognizer"]

    var splitsOnColumn: Bool { Self.columnKeys.contains(by) }

    /// A filter on the very column the split is by, which would leave one group.
    private var filteredKey: String? {
        switch by {
        case "via" where via != nil: "via"
        case "target" where target != nil, "recognizer" where target != nil: "target"
        case "event" where event != nil: "event"
        case "region" where region != nil: "region"
        case "experiment" where experiment != nil: "experiment"
        case "variant" where variant != nil: "variant"
        default: nil
        }
    }

    /// `WHERE` conditions for the filters, and their arguments.
    private var filters: (sql: [String], arguments: [DatabaseValueConvertible?]) {
        var sql: [String] = []
        var arguments: [DatabaseValueConvertible?] = []
        let columns: [(String, String?)] = [
            (metric.targetColumn, target), ("event", event), ("via", via), ("experiment", experiment),
            ("variant", variant),
        ]
        for (column, value) in columns {
            if let value {
                sql.append("\(column) = ?")
                arguments.append(value)
            }
        }
        if let region {
            // Touches without a screen size have no region; `unknown` selects them.
            let regions = region.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let named = regions.filter { $0 != "unknown" }
            var alternatives: [String] = []
            if !named.isEmpty {
                alternatives.append("region IN (\(Array(repeating: "?", count: named.count).joined(separator: ", ")))")
                arguments.append(contentsOf: named)
            }
            if regions.contains("unknown") { alternatives.append("region IS NULL") }
            sql.append("(" + alternatives.joined(separator: " OR ") + ")")
        }
        return (sql, arguments)
    }

    /// The distinct values of the split key among the selected latencies, sorted.
    public func values(_ db: Database) throws -> [String] {
        if let filtered = filteredKey {
            throw QueryError("--by \(by) with --\(filtered) leaves one group: drop one of them")
        }
        let (conditions, arguments) = filters
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        if splitsOnColumn {
            guard metric != .recognition || by != "via" else {
                throw QueryError("recognitions have no channel: --by via works with --metric response or dispatch")
            }
            let column = by == "target" ? metric.targetColumn : by
            return try String.fetchAll(db, sql: """
                SELECT DISTINCT coalesce(\(column), 'unknown') FROM \(metric.relation) \(whereClause) ORDER BY 1
                """, arguments: StatementArguments(arguments))
        }
        let knownKey = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM session_config WHERE key = ?",
                                         arguments: [by]) ?? false
        guard knownKey else {
            let keys = try String.fetchAll(db, sql: "SELECT DISTINCT key FROM session_config ORDER BY key")
            throw QueryError("no session has a configuration key \(by). Split by variant, via, region, or one of: "
                + (keys.isEmpty ? "(no configuration keys recorded)" : keys.joined(separator: ", ")))
        }
        return try String.fetchAll(db, sql: """
            SELECT DISTINCT value FROM session_config
            WHERE key = ? AND session_id IN (SELECT DISTINCT session_id FROM \(metric.relation) \(whereClause))
            ORDER BY value
            """, arguments: StatementArguments([by] + arguments))
    }

    /// The latencies, in milliseconds and sorted, of the group where the key is `value`.
    public func latencies(_ db: Database, value: String) throws -> [Double] {
        let (conditions, arguments) = groupFilters(value: value)
        return try Double.fetchAll(db, sql: """
            SELECT latency_ms FROM \(metric.relation) WHERE \(conditions.joined(separator: " AND ")) ORDER BY latency_ms
            """, arguments: StatementArguments(arguments))
    }

    /// `WHERE` conditions selecting the group where the key is `value`.
    func groupFilters(value: String) -> (sql: [String], arguments: [DatabaseValueConvertible?]) {
        var (conditions, arguments) = filters
        if splitsOnColumn {
            let column = by == "target" ? metric.targetColumn : by
            if value == "unknown" {
                conditions.append("\(column) IS NULL")
            } else {
                conditions.append("\(column) = ?")
                arguments.append(value)
            }
        } else {
            conditions.append("session_id IN (SELECT session_id FROM session_config WHERE key = ? AND value = ?)")
            arguments.append(by)
            arguments.append(value)
        }
        return (conditions, arguments)
    }

    /// Per-touch differences B − A in milliseconds, for touches that had
    /// both channels deliver the same (target, event): the paired design of
    /// a `via` split (seed 001). Empty unless the split is by `via`.
    public func pairedDifferences(_ db: Database, a: String, b: String) throws -> [Double] {
        guard by == "via", metric == .response else { return [] }
        let (conditions, arguments) = filters
        let scoped = conditions.map { "first.\($0)" }
        return try Double.fetchAll(db, sql: """
            SELECT second.latency_ms - first.latency_ms
            FROM responses AS first
            JOIN responses AS second
              ON second.session_id = first.session_id AND second.touch = first.touch
             AND second.target = first.target AND second.event = first.event
            WHERE first.via = ? AND second.via = ? \(scoped.isEmpty ? "" : "AND " + scoped.joined(separator: " AND "))
            ORDER BY 1
            """, arguments: StatementArguments([a, b] + arguments))
    }
}
