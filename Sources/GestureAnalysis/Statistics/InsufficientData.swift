/// Why a test or interval was refused: too few values to say anything honest.
///
/// Statistics here return `Result<_, InsufficientData>` instead of a number
/// that looks meaningful but is not (a p-value that can never reach α, an
/// interval made of two data points). The `reason` is written for people and
/// is meant to be shown as is, like benchstat's footnotes.
///
/// ```swift
/// switch MannWhitney.test([1, 2], [3, 4]) {
/// case .success(let result): print(result.p)
/// case .failure(let refusal): print(refusal.reason)
///     // "need at least 4 values in each group (A has 2, B has 2) ..."
/// }
/// ```
package struct InsufficientData: Error, Sendable, Equatable, CustomStringConvertible {
    /// The smallest count that would have been accepted.
    package var needed: Int
    /// The count that was available (the smaller group's, for two groups).
    package var available: Int
    /// A sentence saying what was needed and why.
    package var reason: String

    /// Creates a refusal.
    ///
    /// ```swift
    /// InsufficientData(needed: 6, available: 3, reason: "need at least 6 values")
    /// ```
    package init(needed: Int, available: Int, reason: String) {
        self.needed = needed
        self.available = available
        self.reason = reason
    }

    package var description: String { reason }
}
