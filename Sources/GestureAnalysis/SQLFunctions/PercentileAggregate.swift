import GRDB

/// What distinguishes `median`, `percentile`, `percentile_cont` and `percentile_disc`.
///
/// Mirrors the `aPercentFunc[]` table of SQLite 3.51's `ext/misc/percentile.c`:
/// a name (used in error messages), an argument count, the largest accepted
/// "fraction" argument (100 for `percentile`, 1 for the others) and whether the
/// result is the lower neighbour instead of an interpolation.
///
/// ```swift
/// PercentileVariant(name: "percentile", argumentCount: 2, maxFraction: 100, isDiscrete: false)
/// ```
struct PercentileVariant: Sendable {
    var name: String
    var argumentCount: Int
    var maxFraction: Double
    var isDiscrete: Bool
}

/// A type naming one ``PercentileVariant``.
///
/// GRDB creates each aggregate with a bare `init()`, so the variant must travel
/// in the type rather than in a stored property.
protocol PercentileVariantProvider: SendableMetatype {
    static var variant: PercentileVariant { get }
}

enum MedianVariant: PercentileVariantProvider {
    static let variant = PercentileVariant(name: "median", argumentCount: 1, maxFraction: 1, isDiscrete: false)
}

enum PercentileHundredVariant: PercentileVariantProvider {
    static let variant = PercentileVariant(name: "percentile", argumentCount: 2, maxFraction: 100, isDiscrete: false)
}

enum PercentileContVariant: PercentileVariantProvider {
    static let variant = PercentileVariant(name: "percentile_cont", argumentCount: 2, maxFraction: 1, isDiscrete: false)
}

enum PercentileDiscVariant: PercentileVariantProvider {
    static let variant = PercentileVariant(name: "percentile_disc", argumentCount: 2, maxFraction: 1, isDiscrete: true)
}

/// The SQL aggregate behind the four percentile functions, with SQLite 3.51's semantics.
///
/// Per row, in SQLite's order:
/// 1. The fraction argument (absent for `median`, which uses 0.5) must have
///    numeric type — integer, real, or text that SQLite's numeric affinity
///    turns into a number (`'50'`), as `sqlite3_value_numeric_type` does —
///    and, divided by the variant's maximum, lie in 0...1. Otherwise:
///    "the fraction argument to percentile() is not between 0.0 and 100.0"
///    (or "... between 0.0 and 1.0" for `percentile_cont`/`percentile_disc`).
///    NULL is not a number, so a NULL fraction is this error too.
/// 2. It must equal the first row's fraction within 0.001 (on the 0–1 scale):
///    "the fraction argument to percentile() is not the same for all input rows".
/// 3. A NULL Y is skipped. Any other non-integer, non-real Y — text, even
///    `'12'`, or a blob — fails: "input to percentile() is not numeric".
/// 4. An infinite Y fails: "Inf input to percentile()".
///
/// The result is a REAL, or NULL when no non-NULL Y was seen.
///
/// ```swift
/// let f = DatabaseFunction("median", argumentCount: 1, pure: true,
///                          aggregate: PercentileAggregate<MedianVariant>.self)
/// ```
struct PercentileAggregate<Variant: PercentileVariantProvider>: DatabaseAggregate {
    /// Values live in a class so `finalize()` (non-mutating) can sort them in
    /// place instead of copying up to millions of doubles.
    private final class Values {
        var items: [Double] = []
    }

    private let values = Values()
    private var fraction: Double?

    init() {}

    mutating func step(_ dbValues: [DatabaseValue]) throws {
        let variant = Variant.variant
        let rowFraction: Double
        if variant.argumentCount == 1 {
            rowFraction = 0.5
        } else {
            guard let raw = Self.numericValue(dbValues[1]),
                  case let scaled = raw / variant.maxFraction,
                  scaled >= 0, scaled <= 1
            else {
                throw Self.error("the fraction argument to \(variant.name)() is not between 0.0 and \(Self.oneDecimal(variant.maxFraction))")
            }
            rowFraction = scaled
        }

        if let fraction {
            let difference = fraction - rowFraction
            guard difference >= -0.001, difference <= 0.001 else {
                throw Self.error("the fraction argument to \(variant.name)() is not the same for all input rows")
            }
        } else {
            fraction = rowFraction
        }

        let y: Double
        switch dbValues[0].storage {
        case .null:
            return
        case .int64(let int):
            y = Double(int)
        case .double(let double):
            y = double
        case .string, .blob:
            throw Self.error("input to \(variant.name)() is not numeric")
        }
        // SQLite stores NaN as NULL, so only infinities can reach this point.
        guard y.isFinite else {
            throw Self.error("Inf input to \(variant.name)()")
        }
        values.items.append(y)
    }

    func finalize() throws -> (any DatabaseValueConvertible)? {
        guard let fraction, !values.items.isEmpty else { return nil }
        values.items.sort()
        let items = values.items
        return Variant.variant.isDiscrete
            ? Percentile.lower(items, fraction: fraction)
            : Percentile.interpolated(items, fraction: fraction)
    }

    /// The number SQLite's `sqlite3_value_numeric_type` + `sqlite3_value_double` would see, if any.
    ///
    /// Integers and reals are numbers; text is a number when numeric affinity
    /// converts it (optional surrounding whitespace, optional sign, decimal
    /// digits with an optional point and exponent — no hex, no "inf"); NULL and
    /// blobs are not.
    static func numericValue(_ value: DatabaseValue) -> Double? {
        switch value.storage {
        case .int64(let int): return Double(int)
        case .double(let double): return double
        case .string(let text): return numericValue(ofText: text)
        case .null, .blob: return nil
        }
    }

    /// Parses text the way SQLite's numeric affinity accepts it, or returns nil.
    static func numericValue(ofText text: String) -> Double? {
        let whitespace: Set<Character> = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"]
        let trimmed = Substring(text).drop(while: { whitespace.contains($0) })
        let core = String(trimmed.reversed().drop(while: { whitespace.contains($0) }).reversed())
        var chars = Substring(core)
        if chars.first == "+" || chars.first == "-" { chars = chars.dropFirst() }
        let mantissa = chars.prefix(while: { $0 != "e" && $0 != "E" })
        let exponent = chars.dropFirst(mantissa.count)
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (s: Substring) in s.allSatisfy { $0.isASCII && $0.isNumber } }
        guard pieces.count <= 2, pieces.allSatisfy(isDigits),
              pieces.contains(where: { !$0.isEmpty })
        else { return nil }
        if !exponent.isEmpty {
            var digits = exponent.dropFirst()
            if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
            guard !digits.isEmpty, isDigits(digits) else { return nil }
        }
        return Double(core)
    }

    /// Formats like C's `%.1f` for the two maxima SQLite uses (1 and 100).
    private static func oneDecimal(_ x: Double) -> String {
        "\(Int(x)).0"
    }

    private static func error(_ message: String) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_ERROR, message: message)
    }
}
