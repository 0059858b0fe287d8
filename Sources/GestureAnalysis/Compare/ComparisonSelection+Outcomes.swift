import GRDB
import GestureStore

extension ComparisonSelection {
    /// The counts of the group where the key is `value`, by session: for
    /// each session with selected rows, how many count (k) of how many (n).
    ///
    ///     SELECT session_id, sum(reached), count(*) FROM outcomes WHERE … GROUP BY session_id
    ///
    /// - Precondition: `outcome` is set.
    package func sessionProportions(_ db: some StoreReader, value: String) throws -> SessionProportions {
        guard let outcome else { preconditionFailure("sessionProportions needs an outcome metric") }
        let (conditions, arguments) = try groupFilters(value: value)
        var sessions: [(id: Int64, successes: Int, trials: Int)] = []
        try db.forEachRow(projectSQL: """
            SELECT session_id, sum(\(outcome.countedColumn)), count(*) FROM \(outcome.relation)
            WHERE \(conditions.joined(separator: " AND "))
            GROUP BY session_id ORDER BY session_id
            """, arguments: StoreArguments(arguments), columns: { _ in }, row: { values in
                sessions.append((Int64.fromDatabaseValue(values[0]) ?? 0, Int.fromDatabaseValue(values[1]) ?? 0,
                                 Int.fromDatabaseValue(values[2]) ?? 0))
            })
        return SessionProportions(sessions: sessions)
    }

    /// Whether the store holds any row of the outcome's relation at all: a
    /// store whose captures declared no targets has no touch outcomes.
    func hasOutcomeRows(_ db: some StoreReader) throws -> Bool {
        guard let outcome else { return true }
        return try db.fetchInt(projectSQL: "SELECT count(*) FROM (SELECT 1 FROM \(outcome.relation) LIMIT 1) AS one") ?? 0 > 0
    }
}
