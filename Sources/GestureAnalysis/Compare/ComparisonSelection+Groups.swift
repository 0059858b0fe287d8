import GRDB
import GestureStore

/// Several groups' latencies read in one pass over the selected rows.
///
/// Reading a group is a scan of the latency relation (a view over millions
/// of rows at scale), so `compare` reads every group it needs in one scan,
/// and the key's values with them when none were named, rather than one
/// scan for the list and one a group. The groups are exactly what
/// ``ComparisonSelection/sessionLatencies(_:value:)`` gives value by value,
/// and the list exactly what ``ComparisonSelection/values(_:)`` gives:
/// values match by their bytes, as SQL's `=` does, and the list is put in
/// order by the database, so its collation decides as before.
///
/// ```swift
/// let selection = ComparisonSelection(by: "via", event: "began")
/// let (values, groups) = try selection.valuesAndSessionLatencies(db)   // ["observer", "target-action"], 2 groups
/// let pair = try selection.sessionLatencies(db, values: ["observer", "target-action"])
/// ```
extension ComparisonSelection {
    /// The groups where the key is each of `values`, by session, from one
    /// scan: element i is `sessionLatencies(db, value: values[i])`.
    ///
    /// - Throws: ``QueryError`` when the rows hold more than one event and
    ///   the selection names none (``EventTally``).
    package func sessionLatencies(_ db: some StoreReader, values: [String]) throws -> [SessionGroup] {
        try readGroups(db, only: values).groups
    }

    /// The key's values among the selected latencies, as ``values(_:)``
    /// lists them, each with its group by session, from one scan.
    ///
    /// - Throws: ``QueryError`` when the rows hold more than one event and
    ///   the selection names none (``EventTally``).
    package func valuesAndSessionLatencies(_ db: some StoreReader) throws -> (values: [String], groups: [SessionGroup]) {
        _ = try checkedSplitFilters(db)
        return try readGroups(db, only: nil)
    }

    /// Whether a group's latencies must all be of one event: a latency
    /// means one event (touchUpInside includes how long the finger stayed
    /// down), so rows of several are refused unless the split is by event.
    var needsOneEvent: Bool { outcome == nil && event == nil && by != "event" }

    /// Reads the rows of the groups named in `only` (every group when nil)
    /// and sorts them by the key's value; lists the values found, ordered by
    /// the database, or returns `only` as given.
    private func readGroups(_ db: some StoreReader, only: [String]?) throws -> (values: [String], groups: [SessionGroup]) {
        var (conditions, arguments) = try filters()
        var events = EventTally()
        let eventColumn = needsOneEvent ? "event" : "NULL"
        var keys = ValueSlots()
        /// Per session id, the slot of its value of a key every session has one value of.
        var sessionSlots: [Int64: Int] = [:]
        let sql: String
        if splitsOnColumn {
            let column = by == "target" ? targetColumn : by
            if let only {
                // On the rows, not as `session_id IN (…)`, which SQLite
                // would answer by sessions and then sort.
                conditions.append("(" + only.map { $0 == "unknown" ? "\(column) IS NULL" : "\(column) = ?" }
                    .joined(separator: " OR ") + ")")
                arguments.append(contentsOf: only.filter { $0 != "unknown" } as [DatabaseValueConvertible?])
            }
            sql = "SELECT \(column), session_id, latency_ms, \(eventColumn) FROM \(metric.relation)"
        } else if let attribute = splitAttribute {
            // A value of the session: read once a session, and the rows
            // carry only their session's id.
            var sessionSQL = "SELECT session.id, \(attribute.sql) FROM session WHERE \(attribute.sql) IS NOT NULL"
            var sessionArguments: [DatabaseValueConvertible?] = []
            if let only {
                let list = Array(repeating: "?", count: only.count).joined(separator: ", ")
                sessionSQL += " AND \(attribute.sql) IN (\(list))"
                sessionArguments = only
                conditions.append("session_id IN (SELECT session.id FROM session WHERE \(attribute.sql) IN (\(list)))")
                arguments += only as [DatabaseValueConvertible?]
            }
            try db.forEachRow(sql: sessionSQL, arguments: StoreArguments(sessionArguments), columns: { _ in }, row: { row in
                guard let id = Int64.fromDatabaseValue(row[0]), let value = String.fromDatabaseValue(row[1]) else { return }
                sessionSlots[id] = keys.slot(of: value)
            })
            sql = "SELECT NULL, session_id, latency_ms, \(eventColumn) FROM \(metric.relation)"
        } else {
            var configSQL = "SELECT session_id, value FROM session_config WHERE key = ?"
            var configArguments: [DatabaseValueConvertible?] = [by]
            if let only {
                let list = Array(repeating: "?", count: only.count).joined(separator: ", ")
                configSQL += " AND value IN (\(list))"
                configArguments += only as [DatabaseValueConvertible?]
                conditions.append("session_id IN (SELECT session_id FROM session_config WHERE key = ? AND value IN (\(list)))")
                arguments += [by] + only as [DatabaseValueConvertible?]
            }
            try db.forEachRow(sql: configSQL, arguments: StoreArguments(configArguments), columns: { _ in }, row: { row in
                guard let id = Int64.fromDatabaseValue(row[0]), let value = String.fromDatabaseValue(row[1]) else { return }
                sessionSlots[id] = keys.slot(of: value)
            })
            sql = "SELECT NULL, session_id, latency_ms, \(eventColumn) FROM \(metric.relation)"
        }
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        var rowsBySlot: [[(id: Int64, values: [Double])]] = []
        var nullSlot: Int?
        var lastSession: (id: Int64, slot: Int)?
        try db.forEachRow(projectSQL: sql + whereClause + " ORDER BY session_id", arguments: StoreArguments(arguments),
                          columns: { _ in }, row: { row in
            let id = Int64.fromDatabaseValue(row[1]) ?? 0
            let slot: Int
            if splitsOnColumn {
                if let value = String.fromDatabaseValue(row[0]) {
                    slot = keys.slot(of: value)
                } else {
                    if nullSlot == nil { nullSlot = keys.unindexedSlot(named: "unknown") }
                    slot = nullSlot!
                }
            } else if let last = lastSession, last.id == id {
                // Rows come by session: one lookup a session.
                slot = last.slot
            } else {
                guard let found = sessionSlots[id] else { return }
                slot = found
                lastSession = (id, found)
            }
            if needsOneEvent { events.count(row[3]) }
            while rowsBySlot.count <= slot { rowsBySlot.append([]) }
            let value = Double.fromDatabaseValue(row[2]) ?? .nan
            if rowsBySlot[slot].last?.id == id {
                rowsBySlot[slot][rowsBySlot[slot].count - 1].values.append(value)
            } else {
                rowsBySlot[slot].append((id, [value]))
            }
        })
        try events.requireOne(rowNoun)
        func group(_ slot: Int?) -> SessionGroup {
            guard let slot, slot < rowsBySlot.count else { return SessionGroup(sessions: []) }
            return SessionGroup(sessions: rowsBySlot[slot])
        }
        // A column's NULL is the group `unknown`; a stored text `unknown` is listed but is no group's.
        func slot(for value: String) -> Int? {
            splitsOnColumn && value == "unknown" ? nullSlot : keys.indexedSlot(of: value)
        }
        if let only { return (only, only.map { group(slot(for: $0)) }) }
        var found: [String] = []
        for (index, name) in keys.names.enumerated() where index < rowsBySlot.count && !rowsBySlot[index].isEmpty {
            // coalesce(column, 'unknown') lists a stored `unknown` and NULL once.
            if index != nullSlot, nullSlot != nil, name == "unknown" { continue }
            found.append(name)
        }
        let values = try orderedByDatabase(found, db)
        return (values, values.map { group(slot(for: $0)) })
    }

    /// `values` in the order the database sorts text (its collation, as the
    /// `ORDER BY` of ``values(_:)``).
    private func orderedByDatabase(_ values: [String], _ db: some StoreReader) throws -> [String] {
        guard values.count > 1 else { return values }
        let selects = Array(repeating: "SELECT CAST(? AS TEXT) AS value", count: values.count).joined(separator: " UNION ALL ")
        return try db.fetchStrings(sql: "SELECT value FROM (\(selects)) AS found ORDER BY value",
                                   arguments: StoreArguments(values as [DatabaseValueConvertible?]))
    }

    /// The dropped events of each group's sessions (see
    /// ``droppedEvents(_:value:)``), from the sessions already read.
    package func droppedEvents(_ db: some StoreReader, groups: [(label: String, group: SessionGroup)]) throws -> [DroppedEvents] {
        var dropped: [Int64: Int] = [:]
        try db.forEachRow(sql: "SELECT id, dropped FROM session WHERE dropped > 0", arguments: [], columns: { _ in },
                          row: { row in dropped[Int64.fromDatabaseValue(row[0]) ?? 0] = Int.fromDatabaseValue(row[1]) ?? 0 })
        return groups.map { label, group in
            var counts = (sessions: 0, events: 0)
            for session in group.sessions {
                if let events = dropped[session.id] { counts = (counts.sessions + 1, counts.events + events) }
            }
            return DroppedEvents(label: label, sessions: counts.sessions, events: counts.events,
                                 measured: outcome == nil ? "latencies" : rowNoun)
        }
    }
}

/// Distinct texts by their bytes (SQL's `=`, not Swift's canonical
/// equivalence), each with a slot number in the order first seen.
private struct ValueSlots {
    private(set) var names: [String] = []
    /// Slots by Swift string equality; byte-distinct spellings that Swift
    /// calls equal share a key and are told apart by their bytes.
    private var slotsByName: [String: [Int]] = [:]
    /// The slot found last: rows of one value tend to come together.
    private var last: Int?

    /// The slot of `value`, made if new.
    mutating func slot(of value: String) -> Int {
        if let last, names[last].hasSameBytes(as: value) { return last }
        let slot = indexedSlot(of: value) ?? {
            names.append(value)
            slotsByName[value, default: []].append(names.count - 1)
            return names.count - 1
        }()
        last = slot
        return slot
    }

    /// A new slot no lookup by name finds (the group of NULLs).
    mutating func unindexedSlot(named name: String) -> Int {
        names.append(name)
        return names.count - 1
    }

    /// The slot whose name has the bytes of `value`, if any.
    func indexedSlot(of value: String) -> Int? {
        slotsByName[value]?.first { names[$0].hasSameBytes(as: value) }
    }
}
