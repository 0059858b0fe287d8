/// The steps of a group's empirical cumulative distribution: after value
/// v[i] of n sorted values, the fraction (i + 1)/n. Groups larger than
/// `maximumSteps` keep evenly spaced ranks, always the first and the last.
///
///     EmpiricalCDF(sorted: [1, 2, 2, 5]).steps
///     // [(1, 0.25), (2, 0.5), (2, 0.75), (5, 1)]
package struct EmpiricalCDF: Sendable, Equatable {
    package struct Step: Sendable, Equatable {
        package var latency: Double
        /// The fraction of values at or below `latency` once this step is taken.
        package var fraction: Double
    }

    package var steps: [Step]

    package init(sorted: [Double], maximumSteps: Int = 1_000) {
        let n = sorted.count
        guard n > 0 else {
            steps = []
            return
        }
        let ranks: [Int] = n <= maximumSteps
            ? Array(0..<n)
            : (0..<maximumSteps).map { Int((Double($0) * Double(n - 1) / Double(maximumSteps - 1)).rounded()) }
        steps = ranks.map { Step(latency: sorted[$0], fraction: Double($0 + 1) / Double(n)) }
    }
}
