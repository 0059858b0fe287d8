import Foundation
import SeededRandom
import Testing
@testable import GestureSimulation

/// Sessions of one variant differ as real ones do: each draws its device,
/// thermal state, load and person (the magnitudes in SimulationParameters).
@Suite struct SessionConditionsTests {
    @Test func sessionsDifferAndTheDrawIsReproducible() {
        let draws = (0..<2_000).map { index -> SessionConditions in
            var rng = SeededGenerator(seed: 1, stream: 0x5E55_10C0, 0, UInt64(index))
            return SessionConditions.draw(&rng)
        }
        var again = SeededGenerator(seed: 1, stream: 0x5E55_10C0, 0, 0)
        #expect(SessionConditions.draw(&again) == draws[0])
        let warm = Double(draws.filter(\.isWarm).count) / Double(draws.count)
        #expect(abs(warm - SimulationParameters.warmSessionProbability) < 0.03)
        let logHolds = draws.map { log($0.holdScale) }
        let mean = logHolds.reduce(0, +) / Double(logHolds.count)
        let sd = (logHolds.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(logHolds.count - 1)).squareRoot()
        #expect(abs(mean) < 0.02 && abs(sd - SimulationParameters.sessionPersonLogSigma) < 0.02)
        #expect(draws.allSatisfy { $0.hitchProbability > 0 && $0.hitchProbability <= 0.5 && $0.dispatchScale > 0 })
    }
}
