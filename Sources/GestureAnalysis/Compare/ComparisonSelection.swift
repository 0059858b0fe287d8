import Foundation
import GRDB
import GestureStore

/// Which latencies (or touch outcomes) go into a comparison, and how they
/// split into groups.
///
/// `by` is a session attribute (``SessionAttribute``: `variant`,
/// `experiment`, `capture`, `day`, `device.model`, `device.os`, `app.name`,
/// `app.version`, `app.build`), a session configuration key
/// (`deferred_edges`), or a column of the metric's relation (`via`,
/// `region`, `target`, `event`). Filters narrow the latencies before the
/// split: the relation's columns (`event`, `via`, …) and, through
/// `conditions` (`--where`), any session attribute or configuration key.
///
/// With `outcome` set the selection counts touch outcomes instead of
/// latencies (rows of `outcomes` or `starts`) and `metric` is not used:
/// the same keys and filters apply, but for `via` and `event`, which a
/// touch-down has not (for `false-start`, `--event` names the start's event).
package struct ComparisonSelection: Sendable {
    package var metric: LatencyMetric = .response
    /// The outcome counted, for a proportion comparison; nil for latencies.
    package var outcome: OutcomeMetric?
    package var by: String
    package var target: String?
    package var event: String?
    package var via: String?
    /// A region, or several separated by commas (`bottom,bottom-right`);
    /// `unknown` selects touches of sessions without a screen size.
    package var region: String?
    package var experiment: String?
    package var variant: String?
    /// `--where`: only sessions whose key has one of the values.
    package var conditions: [SessionCondition]

    package init(by: String, metric: LatencyMetric = .response, outcome: OutcomeMetric? = nil, target: String? = nil,
                event: String? = nil, via: String? = nil, region: String? = nil, experiment: String? = nil,
                variant: String? = nil, conditions: [SessionCondition] = []) {
        self.by = by
        self.metric = metric
        self.outcome = outcome
        self.target = target
        self.event = event
        self.via = via
        self.region = region
        self.experiment = experiment
        self.variant = variant
        self.conditions = conditions
    }

    /// Keys that split on a column of the relation rather than on sessions.
    static let columnKeys: Set<String> = SessionLabel.splitColumns

    var splitsOnColumn: Bool { Self.columnKeys.contains(by) }

    /// The session attribute the split is by, when it is one.
    var splitAttribute: SessionAttribute? { SessionAttribute(key: by) }

    /// The relation the selected rows come from.
    var relation: String { outcome?.relation ?? metric.relation }

    /// The relation's column naming the target (`recognizer` for recognitions).
    var targetColumn: String { outcome == nil ? metric.targetColumn : "target" }

    /// The relation's column for `--event` (the start's event for false starts); nil when it has none.
    var eventColumn: String? {
        switch outcome {
        case nil: "event"
        case .falseStart: "start_event"
        case .reached: nil
        }
    }

    /// The metric's name as `--metric` spells it.
    package var metricName: String { outcome?.rawValue ?? metric.rawValue }

    /// What the selected rows are, for messages: `response latencies`, `touch outcomes`, `starts`.
    package var rowNoun: String {
        switch outcome {
        case nil: "\(metric.rawValue) latencies"
        case .reached: "touch outcomes"
        case .falseStart: "starts"
        }
    }

    /// Refuses a filter or a split the outcome relations have no column for.
    func checkOutcomeColumns() throws {
        guard let outcome else { return }
        if via != nil || by == "via" {
            throw QueryError("--metric \(outcome.rawValue) counts touches, which have no delivery channel: drop --via/--by via")
        }
        if eventColumn == nil, event != nil || by == "event" {
            throw QueryError("--metric reached counts touch-downs, which have no event: drop --event/--by event")
        }
        if by == "event" || by == "recognizer" {
            throw QueryError("--metric \(outcome.rawValue) splits by a session attribute, a config key, region or "
                + "target, not \(by)")
        }
    }

    /// A filter on the very column the split is by, which would leave one group.
    private var filteredKey: String? {
        switch by {
        case "via" where via != nil: "via"
        case "target" where target != nil, "recognizer" where target != nil: "target"
        case "event" where event != nil: "event"
        case "region" where region != nil: "region"
        case "experiment" where experiment != nil: "experiment"
        case "variant" where variant != nil: "variant"
        // Several values of the split's own key choose its groups; one leaves one.
        case _ where conditions.contains { $0.key == by && $0.values.count == 1 }: "where \(by)=…"
        default: nil
        }
    }

    /// What `--region` accepts: the stored regions, and `unknown` for
    /// touches of sessions without a screen size.
    package static let regionNames: [String] = ScreenRegion.allCases.map(\.rawValue) + ["unknown"]

    /// The regions `--region` names, each checked against ``regionNames``.
    func regionList() throws -> [String]? {
        guard let region else { return nil }
        let regions = region.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if regions.contains("") {
            throw QueryError("--region '\(Comparer.escaped(region))' has an empty name; regions are "
                + Self.regionNames.joined(separator: ", "))
        }
        for name in regions where !Self.regionNames.contains(name) {
            throw QueryError("unknown region '\(Comparer.escaped(name))' in --region \(Comparer.escaped(region)); regions are "
                + Self.regionNames.joined(separator: ", "))
        }
        return regions
    }

    /// `WHERE` conditions for the filters, and their arguments.
    func filters() throws -> (sql: [String], arguments: [DatabaseValueConvertible?]) {
        try checkOutcomeColumns()
        var sql: [String] = []
        var arguments: [DatabaseValueConvertible?] = []
        let columns: [(String, String?)] = [
            (targetColumn, target), (eventColumn ?? "event", event), ("via", via), ("experiment", experiment),
            ("variant", variant),
        ]
        for (column, value) in columns {
            if let value {
                sql.append("\(column) = ?")
                arguments.append(value)
            }
        }
        if let regions = try regionList() {
            // Touches without a screen size have no region; `unknown` selects them.
            let named = regions.filter { $0 != "unknown" }
            var alternatives: [String] = []
            if !named.isEmpty {
                alternatives.append("region IN (\(Array(repeating: "?", count: named.count).joined(separator: ", ")))")
                arguments.append(contentsOf: named)
            }
            if regions.contains("unknown") { alternatives.append("region IS NULL") }
            sql.append("(" + alternatives.joined(separator: " OR ") + ")")
        }
        for condition in conditions {
            let (text, values) = condition.sql
            sql.append(text)
            arguments.append(contentsOf: values as [DatabaseValueConvertible?])
        }
        return (sql, arguments)
    }

    /// The distinct values of the split key among the selected latencies, sorted.
    package func values(_ db: some StoreReader) throws -> [String] {
        let (conditions, arguments) = try checkedSplitFilters(db)
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        if splitsOnColumn {
            let column = by == "target" ? targetColumn : by
            return try db.fetchStrings(projectSQL: """
                SELECT DISTINCT coalesce(\(column), 'unknown') FROM \(relation) \(whereClause) ORDER BY 1
                """, arguments: StoreArguments(arguments))
        }
        // Each session with the key asks for one row of its own (EXISTS stops
        // there, on the relation's session index), rather than every row of
        // the relation being read to list its sessions: on a large store the
        // outcomes view is long, and its rows go through joins.
        if let attribute = splitAttribute {
            let rowOfTheSession = (["session_id = session.id"] + conditions).joined(separator: " AND ")
            return try db.fetchStrings(projectSQL: """
                SELECT DISTINCT \(attribute.sql) AS value FROM session
                WHERE \(attribute.sql) IS NOT NULL AND EXISTS (SELECT 1 FROM \(relation) WHERE \(rowOfTheSession))
                ORDER BY value
                """, arguments: StoreArguments(arguments))
        }
        let rowOfTheSession = (["session_id = keyed.session_id"] + conditions).joined(separator: " AND ")
        return try db.fetchStrings(projectSQL: """
            SELECT DISTINCT value FROM session_config AS keyed
            WHERE key = ? AND EXISTS (SELECT 1 FROM \(relation) WHERE \(rowOfTheSession))
            ORDER BY value
            """, arguments: StoreArguments([by] + arguments))
    }

    /// The filters' conditions, once the split is known to give groups: it
    /// refuses a key also filtered on, a channel split of recognitions, and
    /// a split or `--where` key no session has, in that order.
    func checkedSplitFilters(_ db: some StoreReader) throws -> (sql: [String], arguments: [DatabaseValueConvertible?]) {
        if let filtered = filteredKey {
            throw QueryError("--by \(Comparer.escaped(by)) with --\(filtered) leaves one group: drop one of them")
        }
        let filters = try filters()
        if splitsOnColumn {
            guard outcome != nil || metric != .recognition || by != "via" else {
                throw QueryError("recognitions have no channel: --by via works with --metric response or dispatch")
            }
        } else {
            try Self.checkKnownKey(by, option: "--by", db, splitKeys: Self.columnKeys.subtracting(["recognizer"]))
        }
        for condition in conditions {
            try Self.checkKnownKey(condition.key, option: "--where", db, splitKeys: [])
        }
        return filters
    }

    /// Refuses a session key no session has, listing the keys there are:
    /// the recorded session attributes, the configuration keys, and for
    /// `--by` the relation's columns.
    static func checkKnownKey(_ key: String, option: String, _ db: some StoreReader, splitKeys: Set<String>) throws {
        let known: Bool
        if let attribute = SessionAttribute(key: key) {
            known = try db.fetchInt(sql: "SELECT count(\(attribute.sql)) FROM session") ?? 0 > 0
        } else {
            known = try db.fetchInt(sql: "SELECT count(*) FROM session_config WHERE key = ?", arguments: [key]) ?? 0 > 0
        }
        guard !known else { return }
        let keys = try SessionAttribute.sessionKeys(db) + splitKeys.sorted()
        let what = SessionAttribute(key: key) == nil ? "a configuration key" : "a value of"
        throw QueryError("\(option) \(Comparer.escaped(key)): no session has \(what) \(Comparer.escaped(key)). "
            + "Keys this store has: " + keys.map(Comparer.escaped).joined(separator: ", "))
    }

    /// The latencies, in milliseconds and sorted, of the group where the key is `value`.
    package func latencies(_ db: some StoreReader, value: String) throws -> [Double] {
        let (conditions, arguments) = try groupFilters(value: value)
        return try db.fetchDoubles(projectSQL: """
            SELECT latency_ms FROM \(metric.relation) WHERE \(conditions.joined(separator: " AND ")) ORDER BY latency_ms
            """, arguments: StoreArguments(arguments))
    }

    /// The latencies of the group where the key is `value`, by session
    /// (the session is the unit of replication, docs/latencies.md).
    package func sessionLatencies(_ db: some StoreReader, value: String) throws -> SessionGroup {
        let (conditions, arguments) = try groupFilters(value: value)
        return try Self.sessions(db, sql: """
            SELECT session_id, latency_ms FROM \(metric.relation) WHERE \(conditions.joined(separator: " AND "))
            ORDER BY session_id, latency_ms
            """, arguments: arguments)
    }

    /// Rows of (session id, value) ordered by session, as a ``SessionGroup``
    /// (which sorts each session's values itself); `value` reads a row's
    /// value from its columns after the session's, the second by default.
    static func sessions(_ db: some StoreReader, sql: String, arguments: [DatabaseValueConvertible?],
                         value: ([DatabaseValue]) -> Double = { Double.fromDatabaseValue($0[1]) ?? .nan })
    throws -> SessionGroup {
        var sessions: [(id: Int64, values: [Double])] = []
        try db.forEachRow(projectSQL: sql, arguments: StoreArguments(arguments), columns: { _ in }, row: { values in
            let id = Int64.fromDatabaseValue(values[0]) ?? 0
            let value = value(values)
            if sessions.last?.id == id {
                sessions[sessions.count - 1].values.append(value)
            } else {
                sessions.append((id, [value]))
            }
        })
        return SessionGroup(sessions: sessions)
    }

    /// ``pairedDifferences(_:a:b:)`` by session.
    package func pairedDifferencesBySession(_ db: some StoreReader, a: String, b: String) throws -> SessionGroup? {
        guard by == "via", metric == .response else { return nil }
        let (conditions, arguments) = try filters()
        let group = try Self.sessions(db, sql: """
            SELECT session_id, first_ms, second_ms FROM response_pairs
            WHERE first_via = ? AND second_via = ? \(conditions.isEmpty ? "" : "AND " + conditions.joined(separator: " AND "))
            ORDER BY session_id
            """, arguments: [a, b] + arguments, value: { Self.lag(first: $0[1], second: $0[2]) })
        return group.count == 0 ? nil : group
    }

    /// Per-touch differences B − A in milliseconds, for touches that had
    /// both channels deliver the same (target, event): the paired design of
    /// a `via` split (docs/latencies.md). Empty unless the split is by `via`.
    package func pairedDifferences(_ db: some StoreReader, a: String, b: String) throws -> [Double] {
        guard by == "via", metric == .response else { return [] }
        let (conditions, arguments) = try filters()
        var differences: [Double] = []
        try db.forEachRow(projectSQL: """
            SELECT first_ms, second_ms FROM response_pairs
            WHERE first_via = ? AND second_via = ? \(conditions.isEmpty ? "" : "AND " + conditions.joined(separator: " AND "))
            """, arguments: StoreArguments([a, b] + arguments), columns: { _ in }, row: { values in
            differences.append(Self.lag(first: values[0], second: values[1]))
        })
        return differences.sorted()
    }

    /// One pair's B − A, formed in whole nanoseconds rather than read as
    /// `lag_ms` (the difference of two rounded milliseconds): equal lags
    /// are then equal doubles, and Wilcoxon sees their ties and zeros.
    private static func lag(first: DatabaseValue, second: DatabaseValue) -> Double {
        WholeNanoseconds.difference(Double.fromDatabaseValue(second) ?? .nan,
                                    minus: Double.fromDatabaseValue(first) ?? .nan)
    }
}

/// Two selections are the same when every name in them has the same bytes
/// (``Swift/String/hasSameBytes(as:)``), as the store tells names apart: the
/// report reuses a comparison only for the very selection it answers, and
/// `café` spelt two ways is two variants. A new stored property belongs here.
extension ComparisonSelection: Equatable {
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.metric == rhs.metric && lhs.outcome == rhs.outcome && lhs.by.hasSameBytes(as: rhs.by)
            && lhs.target.hasSameBytes(as: rhs.target) && lhs.event.hasSameBytes(as: rhs.event)
            && lhs.via.hasSameBytes(as: rhs.via) && lhs.region.hasSameBytes(as: rhs.region)
            && lhs.experiment.hasSameBytes(as: rhs.experiment) && lhs.variant.hasSameBytes(as: rhs.variant)
            && lhs.conditions.count == rhs.conditions.count
            && zip(lhs.conditions, rhs.conditions).allSatisfy { left, right in
                left.key.hasSameBytes(as: right.key) && left.values.count == right.values.count
                    && zip(left.values, right.values).allSatisfy { $0.hasSameBytes(as: $1) }
            }
    }
}
