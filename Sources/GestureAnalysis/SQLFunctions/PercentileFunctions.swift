import GRDB
import GRDBSQLite

/// SQLite 3.51's percentile functions for the older SQLite linked here (3.40),
/// as aggregates and as window functions.
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
/// result is REAL, or NULL without non-NULL input. ``Percentile`` computes the
/// same numbers in Swift.
///
/// Per row, in SQLite's order:
/// 1. The fraction argument (absent for `median`, which uses 0.5) must have
///    numeric type after SQLite's numeric affinity (`sqlite3_value_numeric_type`:
///    integer, real, or text such as `'50'`) and, divided by the variant's
///    maximum, lie in 0...1. Otherwise, NULL included:
///    "the fraction argument to percentile() is not between 0.0 and 100.0"
///    (or "... between 0.0 and 1.0" for `percentile_cont`/`percentile_disc`).
/// 2. It must equal the first row's fraction within 0.001 (on the 0–1 scale):
///    "the fraction argument to percentile() is not the same for all input rows".
/// 3. A NULL Y is skipped. Any other non-integer, non-real Y — text, even
///    `'12'`, or a blob — fails: "input to percentile() is not numeric".
/// 4. An infinite Y fails: "Inf input to percentile()".
///
/// They are registered with `sqlite3_create_window_function` (GRDB's own
/// `DatabaseFunction` makes plain aggregates only), so a rolling median works:
///
/// ```sql
/// SELECT touch, median(latency_ms) OVER (ORDER BY touch ROWS BETWEEN 9 PRECEDING AND CURRENT ROW)
/// FROM responses WHERE event = 'touchDown'
/// ```
///
/// ```swift
/// var config = Configuration()
/// config.prepareDatabase { db in try PercentileFunctions.register(in: db) }
/// let dbQueue = try DatabaseQueue(configuration: config)
/// let p95 = try dbQueue.read { db in
///     try Double.fetchOne(db, sql: "SELECT percentile(latency_ms, 95) FROM responses")
/// }
/// ```
package enum PercentileFunctions {
    /// The SQL names of the functions ``register(in:)`` adds.
    package static var names: [String] { PercentileVariant.all.map(\.name) }

    /// Adds all four functions to one connection.
    ///
    /// Call it from `Configuration.prepareDatabase` so that every connection
    /// of a pool gets them.
    ///
    /// ```swift
    /// try dbQueue.inDatabase { db in try PercentileFunctions.register(in: db) }
    /// ```
    package static func register(in db: Database) throws {
        guard let connection = db.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed")
        }
        for variant in PercentileVariant.all {
            // SQLite owns the variant's copy and frees it through
            // `releaseVariant`, also when registration fails.
            let userData = UnsafeMutablePointer<PercentileVariant>.allocate(capacity: 1)
            userData.initialize(to: variant)
            let code = sqlite3_create_window_function(
                connection, variant.name, variant.argumentCount,
                SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, userData,
                percentileStep, percentileFinal, percentileValue, percentileInverse, releaseVariant)
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: "cannot register \(variant.name)(): \(String(cString: sqlite3_errstr(code)))")
            }
        }
    }
}

// Every row of a query runs the step once per aggregate (four times for
// p50/p90/p95/p99 over 12 M rows), so it touches no Swift object: the
// variant is read in place and the state is a ``PercentileWindow`` in the
// bytes SQLite keeps for the aggregate.

private func variant(of context: OpaquePointer?) -> UnsafeMutablePointer<PercentileVariant> {
    sqlite3_user_data(context)!.assumingMemoryBound(to: PercentileVariant.self)
}

/// The evaluation's state. With `create`, SQLite allocates it zero-filled on
/// first use — an empty ``PercentileWindow``; without, nil when no step ran.
private func state(of context: OpaquePointer?, create: Bool) -> UnsafeMutablePointer<PercentileWindow>? {
    let size = create ? Int32(MemoryLayout<PercentileWindow>.stride) : 0
    return sqlite3_aggregate_context(context, size)?.bindMemory(to: PercentileWindow.self, capacity: 1)
}

private func fail(_ context: OpaquePointer?, _ message: String) {
    sqlite3_result_error(context, message, -1)
}

private let percentileStep: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, argumentCount, arguments in
    let variant = variant(of: context)
    let rowFraction: Double
    if argumentCount == 1 {
        rowFraction = 0.5
    } else {
        let type = sqlite3_value_numeric_type(arguments![1])
        let scaled = sqlite3_value_double(arguments![1]) / variant.pointee.maxFraction
        guard type == SQLITE_INTEGER || type == SQLITE_FLOAT, scaled >= 0, scaled <= 1 else {
            return fail(context, variant.pointee.fractionRangeMessage)
        }
        rowFraction = scaled
    }
    guard let state = state(of: context, create: true) else {
        return sqlite3_result_error_nomem(context)
    }
    if let fraction = state.pointee.fraction {
        let difference = fraction - rowFraction
        guard difference >= -0.001, difference <= 0.001 else {
            return fail(context, variant.pointee.fractionChangedMessage)
        }
    } else {
        state.pointee.fraction = rowFraction
    }

    switch sqlite3_value_type(arguments![0]) {
    case SQLITE_NULL:
        return
    case SQLITE_INTEGER, SQLITE_FLOAT:
        let y = sqlite3_value_double(arguments![0])
        // SQLite stores NaN as NULL, so only infinities can reach this point.
        guard y.isFinite else { return fail(context, variant.pointee.infiniteMessage) }
        if !state.pointee.add(y) { sqlite3_result_error_nomem(context) }
    default:
        fail(context, variant.pointee.notNumericMessage)
    }
}

/// A window frame moved past a row: forget its value.
private let percentileInverse: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, _, arguments in
    // Rows the step refused never reach here: the statement stopped at them.
    guard let state = state(of: context, create: false) else { return }
    switch sqlite3_value_type(arguments![0]) {
    case SQLITE_INTEGER, SQLITE_FLOAT: state.pointee.remove(sqlite3_value_double(arguments![0]))
    default: return
    }
}

private func result(_ context: OpaquePointer?, _ answer: Double?) {
    if let answer { sqlite3_result_double(context, answer) } else { sqlite3_result_null(context) }
}

/// A window function's answer for the current frame; the frame goes on.
private let percentileValue: @convention(c) (OpaquePointer?) -> Void = { context in
    guard let state = state(of: context, create: false), let fraction = state.pointee.fraction else {
        return sqlite3_result_null(context)
    }
    result(context, state.pointee.percentile(fraction: fraction, discrete: variant(of: context).pointee.isDiscrete))
}

/// The aggregate's answer, the last asked of this state: also runs when a
/// statement stops early or fails, so the values are freed here.
private let percentileFinal: @convention(c) (OpaquePointer?) -> Void = { context in
    guard let state = state(of: context, create: false) else { return sqlite3_result_null(context) }
    defer { state.pointee.release() }
    guard let fraction = state.pointee.fraction else { return sqlite3_result_null(context) }
    result(context, state.pointee.finalPercentile(fraction: fraction, discrete: variant(of: context).pointee.isDiscrete))
}

private let releaseVariant: @convention(c) (UnsafeMutableRawPointer?) -> Void = { userData in
    guard let variant = userData?.assumingMemoryBound(to: PercentileVariant.self) else { return }
    variant.deinitialize(count: 1)
    variant.deallocate()
}
