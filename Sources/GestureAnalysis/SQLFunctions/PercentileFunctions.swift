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
            // SQLite owns one retain of the variant and gives it back through
            // `releaseVariant`, also when registration fails.
            let userData = Unmanaged.passRetained(VariantBox(variant)).toOpaque()
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

/// A variant on the heap, so SQLite can carry it as the functions' user data.
private final class VariantBox {
    let variant: PercentileVariant
    init(_ variant: PercentileVariant) { self.variant = variant }
}

/// The state of one aggregate or window evaluation, behind the pointer that
/// SQLite's aggregate context holds.
private final class PercentileState {
    var window = PercentileWindow()
}

private func variant(of context: OpaquePointer?) -> PercentileVariant {
    Unmanaged<VariantBox>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue().variant
}

/// The evaluation's state; created on first use when `create` is set.
///
/// SQLite zero-fills the context's bytes on first allocation, so an empty
/// slot means no state yet. Asking for 0 bytes returns nil when no step ran.
private func state(of context: OpaquePointer?, create: Bool) -> PercentileState? {
    let size = create ? Int32(MemoryLayout<UnsafeMutableRawPointer?>.stride) : 0
    guard let slot = sqlite3_aggregate_context(context, size)?
        .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    else { return nil }
    if let existing = slot.pointee {
        return Unmanaged<PercentileState>.fromOpaque(existing).takeUnretainedValue()
    }
    guard create else { return nil }
    let state = PercentileState()
    slot.pointee = Unmanaged.passRetained(state).toOpaque()
    return state
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
        let scaled = sqlite3_value_double(arguments![1]) / variant.maxFraction
        guard type == SQLITE_INTEGER || type == SQLITE_FLOAT, scaled >= 0, scaled <= 1 else {
            return fail(context, variant.fractionRangeMessage)
        }
        rowFraction = scaled
    }
    guard let state = state(of: context, create: true) else {
        return sqlite3_result_error_nomem(context)
    }
    if let fraction = state.window.fraction {
        let difference = fraction - rowFraction
        guard difference >= -0.001, difference <= 0.001 else {
            return fail(context, variant.fractionChangedMessage)
        }
    } else {
        state.window.fraction = rowFraction
    }

    switch sqlite3_value_type(arguments![0]) {
    case SQLITE_NULL:
        return
    case SQLITE_INTEGER, SQLITE_FLOAT:
        let y = sqlite3_value_double(arguments![0])
        // SQLite stores NaN as NULL, so only infinities can reach this point.
        guard y.isFinite else { return fail(context, variant.infiniteMessage) }
        state.window.add(y)
    default:
        fail(context, variant.notNumericMessage)
    }
}

/// A window frame moved past a row: forget its value.
private let percentileInverse: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, _, arguments in
    // Rows the step refused never reach here: the statement stopped at them.
    guard let state = state(of: context, create: false) else { return }
    switch sqlite3_value_type(arguments![0]) {
    case SQLITE_INTEGER, SQLITE_FLOAT: state.window.remove(sqlite3_value_double(arguments![0]))
    default: return
    }
}

private func resultOfWindow(_ context: OpaquePointer?) {
    let variant = variant(of: context)
    guard let state = state(of: context, create: false), let fraction = state.window.fraction,
          let result = state.window.percentile(fraction: fraction, discrete: variant.isDiscrete)
    else { return sqlite3_result_null(context) }
    sqlite3_result_double(context, result)
}

private let percentileValue: @convention(c) (OpaquePointer?) -> Void = { context in
    resultOfWindow(context)
}

/// Also runs when a statement stops early or fails, so the state is released here.
private let percentileFinal: @convention(c) (OpaquePointer?) -> Void = { context in
    resultOfWindow(context)
    let size = Int32(0)
    if let slot = sqlite3_aggregate_context(context, size)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self),
       let pointer = slot.pointee {
        Unmanaged<PercentileState>.fromOpaque(pointer).release()
        slot.pointee = nil
    }
}

private let releaseVariant: @convention(c) (UnsafeMutableRawPointer?) -> Void = { userData in
    if let userData { Unmanaged<VariantBox>.fromOpaque(userData).release() }
}
