import GRDB

/// SQLite 3.51's percentile aggregates for the older SQLite linked here (3.40).
///
/// - `percentile(Y, P)`, P in 0–100
/// - `median(Y)`, the same as `percentile(Y, 50)`
/// - `percentile_cont(Y, F)`, F in 0–1, the same as `percentile(Y, F*100)`
/// - `percentile_disc(Y, F)`, F in 0–1, the lower neighbour instead of an
///   interpolation, so always one of the inputs
///
/// Semantics and error messages follow `ext/misc/percentile.c` of SQLite 3.51
/// (built in with `-DSQLITE_ENABLE_PERCENTILE`): over the n sorted non-NULL Y
/// values the answer sits at position F·(n−1); NULL Y values are ignored; the
/// result is REAL, or NULL without non-NULL input. See `PercentileAggregate`
/// for the exact validation rules and messages. ``Percentile`` computes the
/// same numbers in Swift.
///
/// Unlike SQLite's own, these cannot be used as window functions (`OVER (...)`):
/// GRDB registers custom aggregates with `sqlite3_create_function_v2`, which
/// has no inverse/value callbacks, and SQLite rejects such an aggregate in a
/// window.
///
/// ```swift
/// var config = Configuration()
/// config.prepareDatabase { db in PercentileFunctions.register(in: db) }
/// let dbQueue = try DatabaseQueue(configuration: config)
/// let p95 = try dbQueue.read { db in
///     try Double.fetchOne(db, sql: "SELECT percentile(latency_ms, 95) FROM response")
/// }
/// ```
public enum PercentileFunctions {
    /// All four aggregates, for `Configuration.prepareDatabase { db in ... db.add(function:) }`.
    ///
    /// ```swift
    /// config.prepareDatabase { db in
    ///     for function in PercentileFunctions.all { db.add(function: function) }
    /// }
    /// ```
    public static var all: [DatabaseFunction] {
        [
            function(PercentileAggregate<MedianVariant>.self),
            function(PercentileAggregate<PercentileHundredVariant>.self),
            function(PercentileAggregate<PercentileContVariant>.self),
            function(PercentileAggregate<PercentileDiscVariant>.self),
        ]
    }

    /// Adds all four aggregates to one connection.
    ///
    /// Call it from `Configuration.prepareDatabase` so that every connection
    /// of a pool gets them.
    ///
    /// ```swift
    /// try dbQueue.inDatabase { db in PercentileFunctions.register(in: db) }
    /// ```
    public static func register(in db: Database) {
        for function in all {
            db.add(function: function)
        }
    }

    private static func function<V>(_ aggregate: PercentileAggregate<V>.Type) -> DatabaseFunction {
        DatabaseFunction(
            V.variant.name,
            argumentCount: V.variant.argumentCount,
            pure: true,
            aggregate: aggregate)
    }
}
