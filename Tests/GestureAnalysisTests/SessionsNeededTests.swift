import Testing
@testable import GestureAnalysis

/// Sessions a group for 80 % power, against statsmodels:
/// `TTestIndPower().solve_power(effect_size=log1p(change)/spread, alpha=0.05, power=0.8)`
/// rounded up (79.79, 432.98, 5.47, 13.64, 84.60, 459.37; a 20 % drop is log 1.25, as 25 % slower).
@Suite struct SessionsNeededTests {
    @Test(arguments: [
        (0.25, 0.5, 80), (0.10, 0.5, 433), (0.10, 0.05, 6), (0.25, 0.2, 14),
        (0.25, 0.5150442900324124, 85), (0.10, 0.5150442900324124, 460), (-0.2, 0.2, 14),
    ])
    func matchesStatsmodels(change: Double, spread: Double, expected: Int) {
        #expect(SessionsNeeded.perGroup(change: change, spread: spread, alpha: 0.05) == expected)
    }

    @Test func noSpreadNeedsTheLeastAndTooMuchIsSaid() {
        #expect(SessionsNeeded.perGroup(change: 0.1, spread: 0, alpha: 0.05) == 2)
        #expect(SessionsNeeded.perGroup(change: 0.01, spread: 1000, alpha: 0.05) == nil)
    }

    /// numpy: sqrt(((a − ā)² summed + (b − b̄)² summed) / (4 + 3 − 2)).
    @Test func pooledSpread() {
        let spread = SessionsNeeded.pooledSpread([1, 2, 3, 6], [2, 2, 5])
        #expect(isClose(spread, 2.0, relative: 1e-14))
    }
}
