import GRDB
import GestureStore

/// The order a comparison lists a group's sessions in: by their capture's
/// SHA-256, then by their line in it.
///
/// A bootstrap of sessions draws them by their place in the group, so a
/// seed's intervals depend on the order the group lists them. Session ids
/// follow the order the captures were imported in, which differs between
/// two stores of the same captures (and may between a store and the
/// server it was pushed to); a capture's bytes and a session's line do not.
/// Listed so, the same captures give the same intervals, for a seed,
/// whatever order they were imported in. Within one capture this is the
/// order of its ids.
///
///     let ranks = try SessionOrder.ranks(db)
///     let group = try selection.sessionLatencies(db, value: "bottom").inCaptureOrder(ranks)
enum SessionOrder {
    /// Each session id's place in that order.
    static func ranks(_ db: some StoreReader) throws -> [Int64: Int] {
        var ranks: [Int64: Int] = [:]
        try db.forEachRow(projectSQL: """
            SELECT session.id FROM session JOIN capture ON capture.id = session.capture_id
            ORDER BY capture.sha256, session.line
            """, arguments: [], columns: { _ in }, row: { row in
                if let id = Int64.fromDatabaseValue(row[0]) { ranks[id] = ranks.count }
            })
        return ranks
    }

    /// Sorts items with session ids by their ranks (an id without one, last, by id).
    static func sorted<Item>(_ items: [Item], by ranks: [Int64: Int], id: (Item) -> Int64) -> [Item] {
        items.sorted { (ranks[id($0)] ?? .max, id($0)) < (ranks[id($1)] ?? .max, id($1)) }
    }
}

extension SessionGroup {
    /// The same sessions in ``SessionOrder``.
    func inCaptureOrder(_ ranks: [Int64: Int]) -> SessionGroup {
        var group = self
        group.sessions = SessionOrder.sorted(sessions, by: ranks, id: \.id)
        return group
    }
}

extension SessionProportions {
    /// The same sessions in ``SessionOrder``.
    func inCaptureOrder(_ ranks: [Int64: Int]) -> SessionProportions {
        var proportions = self
        proportions.sessions = SessionOrder.sorted(sessions, by: ranks, id: \.id)
        return proportions
    }
}
