/// What distinguishes `median`, `percentile`, `percentile_cont` and `percentile_disc`.
///
/// Mirrors the table of functions in SQLite 3.51's `ext/misc/percentile.c`:
/// a name (used in error messages), an argument count, the largest accepted
/// "fraction" argument (100 for `percentile`, 1 for the others) and whether the
/// result is the lower neighbour instead of an interpolation.
///
/// ```swift
/// PercentileVariant.all.map(\.name)  // ["median", "percentile", "percentile_cont", "percentile_disc"]
/// ```
struct PercentileVariant: Sendable {
    var name: String
    var argumentCount: Int32
    var maxFraction: Double
    var isDiscrete: Bool

    static let median = PercentileVariant(name: "median", argumentCount: 1, maxFraction: 1, isDiscrete: false)
    static let percentile = PercentileVariant(name: "percentile", argumentCount: 2, maxFraction: 100, isDiscrete: false)
    static let percentileCont = PercentileVariant(name: "percentile_cont", argumentCount: 2, maxFraction: 1,
                                                  isDiscrete: false)
    static let percentileDisc = PercentileVariant(name: "percentile_disc", argumentCount: 2, maxFraction: 1,
                                                  isDiscrete: true)

    static let all: [PercentileVariant] = [median, percentile, percentileCont, percentileDisc]

    /// "the fraction argument to percentile() is not between 0.0 and 100.0"
    var fractionRangeMessage: String {
        "the fraction argument to \(name)() is not between 0.0 and \(Int(maxFraction)).0"
    }

    var fractionChangedMessage: String {
        "the fraction argument to \(name)() is not the same for all input rows"
    }

    var notNumericMessage: String { "input to \(name)() is not numeric" }

    var infiniteMessage: String { "Inf input to \(name)()" }
}
