import SeededRandom
import Testing
import GestureAnalysis
@testable import GestureSimulation

@Suite struct SeededGeneratorSimulationTests {
    @Test func logNormalHasTheRequestedMedianAndARightTail() {
        var rng = SeededGenerator(seed: 9)
        let values = (0..<20_000).map { _ in rng.logNormal(median: 2.5, logSigma: 0.45) }
        let middle = median(values)
        #expect(abs(middle - 2.5) < 0.05, "median \(middle)")
        #expect(values.allSatisfy { $0 > 0 })
        let mean = values.reduce(0, +) / Double(values.count)
        #expect(mean > middle, "skewed right")
    }

    @Test func truncatedNormalStaysWithinItsLimit() {
        var rng = SeededGenerator(seed: 4)
        let values = (0..<10_000).map { _ in rng.truncatedNormal(mean: 750, sigma: 25) }
        #expect(values.allSatisfy { $0 >= 675 && $0 <= 825 })
        #expect(abs(median(values) - 750) < 2)
    }

    @Test func streamsOfOneSeedAreIndependentAndReproducible() {
        var a = SeededGenerator(seed: 1, stream: 0, 0)
        var b = SeededGenerator(seed: 1, stream: 0, 1)
        var c = SeededGenerator(seed: 1, stream: 1, 0)
        var again = SeededGenerator(seed: 1, stream: 0, 0)
        let first = a.next()
        #expect(first != b.next() && first != c.next())
        #expect(first == again.next())
    }
}
